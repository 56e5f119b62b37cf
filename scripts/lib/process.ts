import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { constants as osConstants } from 'node:os';
// The source file, not the package: this runs before anything is built (a fresh clone's `npm start`).
import { backoffDelay } from '../../rules/src/backoff.ts';

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

/** Restart with backoff: `initialDelayMs` doubling up to `maxDelayMs`, back to the start once a run lasted `resetAfterMs`. */
export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
}

export const defaultRestartPolicy: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000 };

/** A crash the supervisor answers with a restart after `delayMs`. */
export interface RestartEvent {
  code: number;
  delayMs: number;
  /** 1 for the first restart after a stable run, then 2, 3, … while it keeps crashing. */
  attempt: number;
}

export interface ManagedProcess {
  name: string;
  /** The running child (a new one after each restart). */
  readonly child: ChildProcess;
  /** Resolves with the exit code once the process ends for good: stopped, or exited while not supervised. */
  exited: Promise<number>;
  /** Restarts so far. */
  readonly restarts: number;
  /** 'restart' when a crash is answered with a restart, 'spawn' with each restarted child. */
  events: EventEmitter<{ restart: [RestartEvent]; spawn: [ChildProcess] }>;
  /** From now on a crash (an exit other than 0) restarts the process, until `stop`. */
  supervise(policy?: RestartPolicy): void;
  stop(graceMs?: number): Promise<void>;
}

/** The shell's convention: a process killed by a signal exits 128 + its number (SIGKILL → 137). */
function exitCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return signal ? 128 + (osConstants.signals[signal] ?? 0) : 1;
}

/**
 * Starts a long-running process whose output goes to the console (prefixed) or to a log file.
 * Once `supervise` is called, a crash restarts it with backoff and one console line saying so;
 * `stop` ends it for good (no restart).
 */
export function startManaged(
  name: string,
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    logFile?: string;
    /** With `logFile`: lines for which this is true are also printed to the console (prefixed). */
    echo?: (line: string) => boolean;
  },
): ManagedProcess {
  const sink: WriteStream | undefined = options.logFile
    ? createWriteStream(options.logFile, { flags: 'a' })
    : undefined;
  const events = new EventEmitter<{ restart: [RestartEvent]; spawn: [ChildProcess] }>();
  let policy: RestartPolicy | undefined;
  let stopping = false;
  let restarts = 0;
  let attempt = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let finish!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (finish = resolve));
  const ended = () => {
    sink?.end();
  };

  const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    if (!stream) return;
    let pending = '';
    const echo = options.echo;
    stream.on('data', (chunk: Buffer) => {
      if (sink) {
        sink.write(chunk);
        if (!echo) return;
      }
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (!echo || echo(line)) out.write(`[${name}] ${line}\n`);
    });
  };

  let child: ChildProcess;
  let childExited: Promise<number>;
  const spawnChild = () => {
    const spawnedAt = Date.now();
    const current = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = current;
    forward(current.stdout, process.stdout);
    forward(current.stderr, process.stderr);
    childExited = new Promise<number>((resolve) => {
      let done = false;
      const onEnd = (code: number) => {
        if (done) return;
        done = true;
        resolve(code);
        // A clean exit (0) was asked for, e.g. by Ctrl-C reaching the whole process group: not a crash.
        if (stopping || !policy || code === 0) {
          ended();
          finish(code);
          return;
        }
        // A run that lasted a while was not a crash loop: start the backoff over.
        if (Date.now() - spawnedAt >= policy.resetAfterMs) attempt = 0;
        attempt++;
        const delayMs = backoffDelay(attempt - 1, { baseMs: policy.initialDelayMs, maxMs: policy.maxDelayMs });
        console.error(`[ferry] ${name} exited (code ${code}); restarting in ${delayMs / 1000} s`);
        events.emit('restart', { code, delayMs, attempt });
        restartTimer = setTimeout(() => {
          restartTimer = undefined;
          if (stopping) return;
          restarts++;
          spawnChild();
        }, delayMs);
      };
      current.on('error', (error) => {
        console.error(`[ferry] ${name} could not start: ${error.message}`);
        onEnd(127);
      });
      current.on('exit', (code, signal) => onEnd(exitCode(code, signal)));
    });
    events.emit('spawn', current);
  };
  spawnChild();

  const stop = async (graceMs = 12_000) => {
    stopping = true;
    if (restartTimer) {
      clearTimeout(restartTimer);
      restartTimer = undefined;
      ended();
      finish(exitCode(child.exitCode, child.signalCode));
      return;
    }
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await childExited;
    clearTimeout(timer);
  };
  return {
    name,
    get child() {
      return child;
    },
    exited,
    get restarts() {
      return restarts;
    },
    events,
    supervise(p = defaultRestartPolicy) {
      policy = p;
    },
    stop,
  };
}

/** Polls `probe` until it is true, or fails after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<void> {
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
export async function httpAnswers(
  url: string,
  acceptStatus: (status: number) => boolean = () => true,
): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return acceptStatus(response.status);
}
