import { describe, expect, it } from 'vitest';
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
