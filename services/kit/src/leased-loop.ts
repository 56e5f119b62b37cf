import type { Logger } from './logger.js';

export interface LeasedLoopOptions {
  /** Names the loop in the log line of a failed pass ("<name> pass failed"). */
  name: string;
  /** Poll period when idle. */
  intervalMs: number;
  logger: Logger;
  /**
   * One pass over due rows, resolving with how many it finished. `stopping` is aborted by stop():
   * a pass checks it between pages and ends early.
   */
  pass: (stopping: AbortSignal) => Promise<number>;
}

export interface LeasedLoop {
  /** Run a pass now instead of at the next tick. */
  poke(): void;
  /** One pass over due rows (the next one, if a pass is running); resolves with how many were finished (0 when the pass failed). */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for the running pass. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` and on poke(), one pass at a time in this process: a call while a
 * pass runs is answered by one more pass after it, so rows that were due when it was made are
 * covered. Replicas are kept apart by the pass's claim (claimDueRows), not by this loop. A failed
 * pass is logged and counts 0; the next tick tries again.
 */
export function startLeasedLoop(opts: LeasedLoopOptions): LeasedLoop {
  const { name, logger, pass } = opts;
  const stopping = new AbortController();
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    if (stopping.signal.aborted) return Promise.resolve(0);
    if (running) {
      queued ??= running.then(() => {
        queued = undefined;
        return runOnce();
      });
      return queued;
    }
    running = pass(stopping.signal)
      .catch((err: Error) => {
        logger.warn({ error: err.message }, `${name} pass failed`);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), opts.intervalMs);
  timer.unref();
  return {
    poke: () => void runOnce(),
    runOnce,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
