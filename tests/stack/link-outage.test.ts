import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/lib/stack.ts';
import { privateStack } from '../support/stack.ts';
import { devToken, downloadCount, shorten, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { paced } from '../load/lib/paced.ts';

const LINKS = 20;
/** 30,000 downloads: 4,000 a second for 7.5 s, the link service killed 1.5 s in. */
const RATE = 4_000;
const DURATION_S = 7.5;
const KILL_AFTER_MS = 1_500;

// A private stack (npm start mode on free ports): killing the link service must not disturb other suites.
describe('downloads while the link service is killed', () => {
  let stack: RunningStack;
  let stopStack: (() => Promise<void>) | undefined;
  let ep: FerryEndpoints;

  beforeAll(async () => {
    ({ stack, stop: stopStack } = await privateStack('ferry-outage-'));
    ep = {
      baseUrl: stack.baseUrl,
      issuer: stack.defaults.IDENTITY_ISSUER!,
      driveRootUrl: stack.defaults.DRIVE_ROOT_URL!,
    };
  }, 180_000);

  afterAll(async () => {
    await stopStack?.();
  }, 60_000);

  /** Polls until `check` holds; returns the ms it took. */
  async function within(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (!(await check().catch(() => false))) {
      if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  }

  const linkServing = async () => {
    const res = await fetch(`${stack.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json()) as { services?: Record<string, string> };
    return body.services?.link === 'SERVING';
  };

  it('answers 302 for every cached link, restarts the link service, and counts every download once', async () => {
    const token = await devToken(ep, 'outage@example.com');
    const fileId = await uploadSharedFile(ep, token, 'outage.txt', Buffer.from('ferry outage drill\n'));
    const slugs: string[] = [];
    for (let i = 0; i < LINKS; i++) slugs.push((await shorten(ep, token, fileId)).shortId);
    // Warm the gateway's cache: one download each (counted too).
    for (const slug of slugs) {
      const res = await fetch(`${stack.baseUrl}/api/d/${slug}`, { redirect: 'manual' });
      expect(res.status, slug).toBe(302);
    }

    const link = stack.processes.get('link')!;
    const oldPid = link.child.pid;
    let killedAt = 0;
    let respawnMs = -1;
    link.events.once('spawn', () => (respawnMs = Date.now() - killedAt));
    const killer = setTimeout(() => {
      killedAt = Date.now();
      link.child.kill('SIGKILL');
    }, KILL_AFTER_MS);
    const load = await paced(
      stack.baseUrl,
      slugs.map((s) => `/api/d/${s}`),
      RATE,
      DURATION_S,
    );
    clearTimeout(killer);
    expect(killedAt, 'the link service was killed during the load').toBeGreaterThan(0);
    expect(load.startedAtMs + DURATION_S * 1_000).toBeGreaterThan(killedAt);

    const readyMs = Date.now() - killedAt + (await within('link service SERVING again', 30_000, linkServing));
    const expected = LINKS + load.count302;
    let persisted = 0;
    const countedMs = await within('every 302 persisted', 30_000, async () => {
      persisted = 0;
      for (const slug of slugs) persisted += await downloadCount(ep, slug);
      return persisted >= expected;
    });
    // Nothing is counted twice later on (a batch re-sent after the crash counts once).
    await new Promise((r) => setTimeout(r, 2_500));
    let after = 0;
    for (const slug of slugs) after += await downloadCount(ep, slug);

    console.log(
      [
        `[link-outage] ${load.sent} downloads of ${LINKS} cached links at ${RATE}/s: ${load.count302} × 302, ${load.other} other (p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms)`,
        `[link-outage] link SIGKILLed ${killedAt - load.startedAtMs} ms into the run; restarted (new process) after ${respawnMs} ms, SERVING again after ${readyMs} ms; restarts: ${link.restarts}`,
        `[link-outage] persisted counts: ${after} = ${LINKS} warm-up + ${load.count302} redirects (all in ${countedMs} ms after the link service was back)`,
      ].join('\n'),
    );
    expect(load.sent).toBe(RATE * DURATION_S);
    expect(load.other).toBe(0);
    expect(load.count302).toBe(load.sent);
    expect(link.restarts).toBe(1);
    expect(link.child.pid).not.toBe(oldPid);
    expect(respawnMs).toBeGreaterThanOrEqual(0);
    expect(respawnMs).toBeLessThan(5_000);
    expect(persisted).toBe(expected);
    expect(after).toBe(expected);
  }, 120_000);
});
