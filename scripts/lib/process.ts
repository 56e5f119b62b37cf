import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { basename, dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { createStream } from 'rotating-file-stream';
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

/** A log file rotated by size: `<name>.log` and up to `files - 1` older ones (`<name>.log.1` the newest), each about `fileBytes`. */
export interface LogRotation {
  fileBytes: number;
  files: number;
}

/**
 * Single-machine mode's cap per process: 5 files of 20 MiB. A file is rotated once a write takes
 * it to `fileBytes`, so each may pass it by one write: the whole lines of one read of the child's
 * output (a pipe read, ≤ 64 KiB, and the line it finished).
 */
export const LOG_ROTATION: LogRotation = { fileBytes: 20 * 1024 * 1024, files: 5 };

/** The most bytes a rotated log keeps on disk. */
export function logCapBytes(rotation: LogRotation): number {
  return rotation.files * (rotation.fileBytes + 64 * 1024);
}

/** The file of a log with `rotation`, or (without) one that only grows. */
export function logSink(path: string, rotation?: LogRotation): NodeJS.WritableStream {
  if (!rotation) return createWriteStream(path, { flags: 'a' });
  return createStream(basename(path), {
    path: dirname(path),
    size: `${rotation.fileBytes}B`,
    rotate: rotation.files - 1,
  });
}

/** Every managed process not yet ended for good: what a signal to the supervisor must stop. */
const running = new Set<ManagedProcess>();

/**
 * Stops every managed process still running (SIGTERM, then SIGKILL after the grace), e.g. when the
 * supervisor itself is told to stop before its stack was fully started.
 */
async function stopEveryProcess(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop()));
}

/**
 * From now on SIGINT and SIGTERM stop every managed process, then exit 0, also while a stack is
 * still starting. So does the loss of this process's parent (it was handed to another): `npm start`
 * runs us under `sh -c`, which dies of a SIGTERM without passing it on, and npm may be SIGKILLed.
 */
export function stopEveryProcessOnSignal(report: { stopping?: (signal: string) => void; stopped?: () => void } = {}) {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    report.stopping?.(signal);
    await stopEveryProcess();
    report.stopped?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void shutdown('SIGTERM'), 500).unref();
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
    /** With `logFile`: rotate it by size, keeping at most this much (absent: it only grows). */
    logRotation?: LogRotation;
    /** With `logFile`: lines for which this is true are also printed to the console (prefixed). */
    echo?: (line: string) => boolean;
  },
): ManagedProcess {
  const sink = options.logFile ? logSink(options.logFile, options.logRotation) : undefined;
  sink?.on('error', (error: Error) => console.error(`[ferry] ${name}'s log cannot be written: ${error.message}`));
  const events = new EventEmitter<{ restart: [RestartEvent]; spawn: [ChildProcess] }>();
  let policy: RestartPolicy | undefined;
  let stopping = false;
  let restarts = 0;
  let attempt = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let finish!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (finish = resolve));
  void exited.then(() => running.delete(managed));
  // The child's last output (read after its exit) is in the log before `exited` resolves.
  const ended = async () => {
    if (!sink) return;
    await Promise.all([child.stdout, child.stderr].map((s) => (s ? finished(s).catch(() => undefined) : undefined)));
    await new Promise<void>((resolve) => sink.end(resolve));
  };

  const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    if (!stream) return;
    let pending = '';
    // Whole lines to the log, so that a rotation never cuts one in two.
    let partial: Buffer | undefined;
    const echo = options.echo;
    if (sink) stream.on('end', () => partial && sink.write(partial));
    stream.on('data', (chunk: Buffer) => {
      if (sink) {
        const end = chunk.lastIndexOf(0x0a) + 1;
        if (end === 0) partial = partial ? Buffer.concat([partial, chunk]) : chunk;
        else {
          sink.write(partial ? Buffer.concat([partial, chunk.subarray(0, end)]) : chunk.subarray(0, end));
          partial = end < chunk.length ? chunk.subarray(end) : undefined;
        }
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
          void ended().then(() => finish(code));
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
      await ended();
      finish(exitCode(child.exitCode, child.signalCode));
      return;
    }
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await childExited;
    clearTimeout(timer);
  };
  const managed: ManagedProcess = {
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
  running.add(managed);
  return managed;
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
