import { run } from './process.ts';
import { root } from './settings.ts';

export const turboEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  DO_NOT_TRACK: '1',
});

/** Builds every workspace through turbo (cached: an unchanged package is not rebuilt). */
export function buildAll(verbose: boolean): Promise<number> {
  const args = ['run', 'build', '--concurrency=2'];
  if (!verbose) args.push('--output-logs=errors-only');
  return run('turbo', args, { cwd: root, env: turboEnv() });
}
