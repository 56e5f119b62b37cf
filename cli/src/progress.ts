import { sizeLabel } from '@ferry/rules';

export interface Progress {
  phase(text: string): void;
  bytes(sent: number, total: number): void;
  done(): void;
}

const WIDTH = 30;

/** A bar redrawn in place on a terminal. */
export function barProgress(out: NodeJS.WriteStream, label: string): Progress {
  let last = '';
  let drawn = false;
  return {
    phase: (text) => {
      if (drawn) out.write('\n');
      drawn = false;
      out.write(`${text}\n`);
    },
    bytes(sent, total) {
      const ratio = total > 0 ? Math.min(1, sent / total) : 1;
      const filled = Math.round(ratio * WIDTH);
      const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${sizeLabel(sent)} / ${sizeLabel(total)}`;
      if (line === last) return;
      last = line;
      drawn = true;
      out.write(`\r${line}\x1b[K`);
    },
    done() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}

/** Plain lines for logs and pipes: one at each further tenth. */
export function lineProgress(out: NodeJS.WritableStream, label: string): Progress {
  let tenth = -1;
  return {
    phase: (text) => void out.write(`${text}\n`),
    bytes(sent, total) {
      const t = total > 0 ? Math.floor((Math.min(sent, total) / total) * 10) : 10;
      if (t <= tenth) return;
      tenth = t;
      out.write(`${label}: ${t * 10}% (${sizeLabel(Math.min(sent, total))} of ${sizeLabel(total)})\n`);
    },
    done: () => undefined,
  };
}
