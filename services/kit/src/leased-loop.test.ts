import { createLogger } from './logger.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startLeasedLoop, type LeasedLoop } from './leased-loop.js';

/** A pass the test finishes by hand: each call waits until release(n) resolves it with n. */
function controlledPass() {
  const releases: Array<(n: number) => void> = [];
  const signals: AbortSignal[] = [];
  return {
    calls: () => releases.length,
    signals,
    release: (i: number, n: number) => releases[i]!(n),
    pass: (stopping: AbortSignal) => {
      signals.push(stopping);
      return new Promise<number>((resolve) => releases.push(resolve));
    },
  };
}

/** Resolves once `check` holds, polling the event loop (no fixed sleep). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

describe('startLeasedLoop', () => {
  const loops: LeasedLoop[] = [];
  const start = (pass: (s: AbortSignal) => Promise<number>, lines: string[] = []) => {
    const logger = createLogger('loop-test', 'warn', { write: (line: string) => void lines.push(line) });
    const loop = startLeasedLoop({ name: 'test', intervalMs: 3_600_000, logger, pass });
    loops.push(loop);
    return loop;
  };
  afterEach(async () => {
    for (const l of loops.splice(0)) await l.stop();
  });

  it('runs one pass at a time; calls meanwhile are answered by one more pass after it', async () => {
    const p = controlledPass();
    const loop = start(p.pass);
    const first = loop.runOnce();
    const second = loop.runOnce();
    loop.poke();
    expect(p.calls()).toBe(1);
    p.release(0, 3);
    expect(await first).toBe(3);
    // The calls made during the pass asked for exactly one more, and the second call gets its count.
    await until(() => p.calls() === 2);
    p.release(1, 2);
    expect(await second).toBe(2);
    // No call came during the second pass: once it has settled, no third one starts.
    await new Promise((r) => setImmediate(r));
    expect(p.calls()).toBe(2);
  });

  it('a failed pass is logged under the loop name and counts 0', async () => {
    const lines: string[] = [];
    const loop = start(async () => {
      throw new Error('database gone');
    }, lines);
    expect(await loop.runOnce()).toBe(0);
    expect(lines.map((l) => JSON.parse(l) as { msg: string; error: string })).toEqual([
      expect.objectContaining({ msg: 'test pass failed', error: 'database gone' }),
    ]);
  });

  it('stop() aborts the running pass, waits for it, and starts no further pass', async () => {
    const p = controlledPass();
    const loop = start(p.pass);
    const running = loop.runOnce();
    loop.poke();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(p.signals[0]!.aborted).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    p.release(0, 1);
    await stopping;
    expect(await running).toBe(1);
    expect(p.calls()).toBe(1);
  });
});
