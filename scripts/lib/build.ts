import { spawn } from 'node:child_process';
import { run } from './process.ts';
import { root } from './settings.ts';

export const turboEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  DO_NOT_TRACK: '1',
});

/**
 * Builds every workspace through turbo (cached: an unchanged package is not rebuilt). Not verbose,
 * turbo's output is printed only when the build fails.
 */
export async function buildAll(verbose: boolean): Promise<number> {
  const args = ['run', 'build', '--concurrency=2'];
  if (verbose) return run('turbo', args, { cwd: root, env: turboEnv() });
  args.push('--output-logs=errors-only');
  const child = spawn('turbo', args, { cwd: root, env: turboEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await new Promise<number>((resolve) => {
    child.on('error', () => resolve(127));
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) process.stderr.write(Buffer.concat(output));
  return code;
}
