/** One caption: shown from `start` to `end` (seconds). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file of these cues (numbered from 1). */
export function webVtt(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.text.replace(/\n+/g, ' ')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** Cues from step start times: each lasts until the next step begins, the last until `end`. */
export function cuesFromSteps(starts: readonly { at: number; text: string }[], end: number): Cue[] {
  return starts.map((s, i) => ({ start: s.at, end: i + 1 < starts.length ? starts[i + 1]!.at : end, text: s.text }));
}
