/** A small Dockerfile reader: enough to find stages, ARG defaults, USER, CMD and the commands RUN calls. */
export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let current = lines[i]!;
    if (/^\s*(#|$)/.test(current)) continue;
    while (/\\\s*$/.test(current) && i + 1 < lines.length) {
      i++;
      const next = lines[i]!;
      if (/^\s*#/.test(next)) continue;
      current = current.replace(/\\\s*$/, ' ') + next.trim();
    }
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(current);
    if (m) out.push({ keyword: m[1]!.toUpperCase(), args: m[2]!.trim(), line: start + 1 });
  }
  return out;
}

/** Instructions of the last stage (the image that ships). */
export function finalStage(all: Instruction[]): Instruction[] {
  const lastFrom = all.map((x) => x.keyword).lastIndexOf('FROM');
  return all.slice(lastFrom);
}

export function argDefaults(all: Instruction[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const x of all.filter((i) => i.keyword === 'ARG')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(x.args);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** Package scripts a Dockerfile runs: `npm run <s>` and `turbo run <s>`. */
export function scriptsRun(all: Instruction[]): string[] {
  const found = new Set<string>();
  for (const x of all.filter((i) => i.keyword === 'RUN')) {
    for (const m of x.args.matchAll(/\b(?:npm|turbo) run ([a-z][a-z0-9:-]*)/g)) found.add(m[1]!);
  }
  return [...found];
}
