import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@ferry/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { startManaged, type RestartEvent } from '../../scripts/lib/process.ts';

const FAST = { initialDelayMs: 50, maxDelayMs: 200, resetAfterMs: 1_500 };

/** A child that runs until killed, or exits with `code` after `ms`. */
function child(opts: { exitAfterMs?: number; code?: number } = {}) {
  const script =
    opts.exitAfterMs === undefined
      ? 'setInterval(() => {}, 1000)'
      : `setTimeout(() => process.exit(${opts.code ?? 1}), ${opts.exitAfterMs})`;
  return startManaged('probe', process.execPath, ['-e', script], {
    cwd: process.cwd(),
    env: process.env,
    logFile: '/dev/null',
  });
}

const nextRestart = (p: ReturnType<typeof child>) =>
  new Promise<RestartEvent>((resolve) => p.events.once('restart', resolve));

// The supervision behind `npm start` (scripts/lib/process.ts), with short delays.
describe('supervised process', () => {
  it('restarts a killed process, doubling the delay up to the cap while it crash-loops', async () => {
    const p = child({ exitAfterMs: 0, code: 3 });
    p.supervise(FAST);
    const delays: number[] = [];
    while (delays.length < 5) {
      const event = await nextRestart(p);
      expect(event.code).toBe(3);
      delays.push(event.delayMs);
    }
    expect(delays).toEqual([50, 100, 200, 200, 200]);
    await p.stop();
    expect(await p.exited).toBe(3);
    expect(p.restarts).toBeGreaterThanOrEqual(4);
  });

  it('starts the backoff over after a run that lasted, and reports SIGKILL as code 137', async () => {
    const p = child();
    p.supervise(FAST);
    const pid = p.child.pid;
    const first = nextRestart(p);
    p.child.kill('SIGKILL');
    expect(await first).toMatchObject({ code: 137, delayMs: 50, attempt: 1 });
    const spawned = await new Promise<number | undefined>((resolve) => p.events.once('spawn', (c) => resolve(c.pid)));
    expect(spawned).not.toBe(pid);
    expect(p.restarts).toBe(1);
    const second = nextRestart(p);
    p.child.kill('SIGKILL'); // at once: a crash loop
    expect(await second).toMatchObject({ delayMs: 100, attempt: 2 });
    await new Promise((resolve) => p.events.once('spawn', resolve));
    await new Promise((r) => setTimeout(r, FAST.resetAfterMs + 100)); // a stable run
    const third = nextRestart(p);
    p.child.kill('SIGKILL');
    expect(await third).toMatchObject({ delayMs: 50, attempt: 1 });
    await p.stop();
  });

  it('does not restart after stop(), also when stopped while a restart is pending, nor after a clean exit', async () => {
    const running = child();
    running.supervise(FAST);
    let restarts = 0;
    running.events.on('restart', () => restarts++);
    await running.stop();
    expect(await running.exited).toBe(143); // SIGTERM
    expect(restarts).toBe(0);

    const crashing = child({ exitAfterMs: 0 });
    crashing.supervise({ ...FAST, initialDelayMs: 10_000, maxDelayMs: 10_000 });
    await nextRestart(crashing);
    const stopped = Date.now();
    await crashing.stop();
    expect(await crashing.exited).toBe(1);
    expect(Date.now() - stopped).toBeLessThan(1_000);
    expect(crashing.restarts).toBe(0);

    const clean = child({ exitAfterMs: 0, code: 0 });
    clean.supervise(FAST);
    let cleanRestarts = 0;
    clean.events.on('restart', () => cleanRestarts++);
    expect(await clean.exited).toBe(0);
    expect(cleanRestarts).toBe(0);
  });
});

const TREE = fileURLToPath(new URL('./fixtures/supervised-tree.ts', import.meta.url));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every process a test started: none may outlive it, whatever the test found. */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** Starts the supervisor of fixtures/supervised-tree.ts under `sh -c`, as npm runs `npm start`; resolves once its children run. */
async function supervisedTree() {
  // `; exit $?` keeps the shell from exec-ing the command: it stays the parent, as under npm.
  const sh = spawn('sh', ['-c', `"${process.execPath}" "${TREE}"; exit $?`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pids = await new Promise<{ supervisor: number; children: number[] }>((resolve, reject) => {
    let out = '';
    sh.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { supervisor: number; children: number[] });
    });
    sh.once('exit', () => reject(new Error(`the supervisor exited early: ${out}`)));
  });
  started.push(sh.pid!, pids.supervisor, ...pids.children);
  return { sh, ...pids };
}

// SIGTERM to `npm start` (npm passes it to its `sh -c`, which dies of it without passing it on).
describe('a SIGTERM to the supervisor', () => {
  it('stops every child, also one that ignores SIGTERM, when it reaches the supervisor', async () => {
    const tree = await supervisedTree();
    expect(tree.children.every(alive)).toBe(true);
    process.kill(tree.supervisor, 'SIGTERM');
    await waitFor(
      'the supervisor and every child gone',
      async () => ![tree.supervisor, ...tree.children].some(alive),
      20_000,
    );
    const shellExit = tree.sh.exitCode ?? (await new Promise((resolve) => tree.sh.once('exit', resolve)));
    expect(shellExit).toBe(0);
  }, 30_000);

  it('stops every child when the shell between npm and the supervisor dies of it', async () => {
    const tree = await supervisedTree();
    expect(tree.children.every(alive)).toBe(true);
    process.kill(tree.sh.pid!, 'SIGTERM');
    await waitFor(
      'the supervisor and every child gone',
      async () => ![tree.supervisor, ...tree.children].some(alive),
      20_000,
    );
  }, 30_000);
});
