import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`[ferry] cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number>;
  stop(graceMs?: number): Promise<void>;
}

/** Starts a long-running process whose output goes to the console (prefixed) or to a log file. */
export function startManaged(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile?: string },
): ManagedProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const sink: WriteStream | undefined = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    if (!stream) return;
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      if (sink) {
        sink.write(chunk);
        return;
      }
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  const exited = new Promise<number>((resolve) => {
    child.on('error', (error) => {
      console.error(`[ferry] ${name} could not start: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      sink?.end();
      resolve(code ?? (signal ? 128 : 1));
    });
  });
  const stop = async (graceMs = 12_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { name, child, exited, stop };
}

/** Polls `probe` until it is true, or fails after `timeoutMs`. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!isAlive()) throw new Error(`${what}: the process exited`);
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
}

/** True when an HTTP GET answers at all (any status) — "the server is listening". */
export async function httpAnswers(url: string, acceptStatus: (status: number) => boolean = () => true): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return acceptStatus(response.status);
}
