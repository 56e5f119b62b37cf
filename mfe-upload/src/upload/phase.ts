/** Spec §4 upload phases. */
export type Phase = 'idle' | 'preparing' | 'zipping' | 'init' | 'uploading' | 'finalizing';

const NEXT: Record<Phase, readonly Phase[]> = {
  idle: ['preparing'],
  preparing: ['zipping', 'init', 'idle'],
  zipping: ['init', 'uploading', 'idle'],
  init: ['uploading', 'zipping', 'finalizing', 'idle'],
  uploading: ['finalizing', 'init', 'zipping', 'idle'],
  finalizing: ['idle', 'init'],
};

/** The phase machine: only the transitions of spec §4; cancel and errors always return to idle. */
export function transition(from: Phase, to: Phase): Phase {
  if (from === to) return from;
  if (!NEXT[from].includes(to)) throw new Error(`invalid upload phase transition ${from} → ${to}`);
  return to;
}

/** The label shown: uploading at 0 % still reads init. */
export function displayPhase(phase: Phase, percent: number): Phase {
  return phase === 'uploading' && percent <= 0 ? 'init' : phase;
}

export function isBusy(phase: Phase): boolean {
  return phase !== 'idle';
}
