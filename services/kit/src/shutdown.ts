import type { Logger } from 'pino';
import { flushTracing } from './active-tracing.js';

export interface ShutdownSignalOptions {
  signals?: NodeJS.Signals[];
  /** Replaces process.exit (tests). */
  exit?: (code: number) => void;
}

/**
 * On the first SIGTERM or SIGINT, runs the steps in order, once, then exits: 0 when every step
 * succeeded, 1 otherwise. A second signal while stopping is logged and ignored. Buffered trace
 * spans are sent before the exit.
 */
export function onShutdownSignals(
  logger: Logger,
  steps: Array<() => Promise<void>>,
  options: ShutdownSignalOptions = {},
): void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const handler = (signal: NodeJS.Signals) => {
    if (started) {
      // Ctrl-C reaches a whole process group and the supervisor's SIGTERM follows: expected, not trouble.
      logger.info({ signal }, 'already shutting down');
      return;
    }
    started = true;
    logger.info({ signal }, 'shutting down');
    void (async () => {
      let failed = false;
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          failed = true;
          logger.error({ err }, 'shutdown step failed');
        }
      }
      for (const s of signals) process.off(s, handler);
      logger.info({ failed }, 'stopped');
      await flushTracing();
      exit(failed ? 1 : 0);
    })();
  };
  for (const s of signals) process.on(s, handler);
}
