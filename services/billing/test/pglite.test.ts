import { applyMigrations } from '@ferry/db';
import { Phase } from '@ferry/contracts/billing/v1';
import { checkHealth } from '@ferry/service-kit';
import { describe, expect, it } from 'vitest';
import { BILLING_SERVICE_NAME } from '../src/server.js';
import { callUnary, migrationsDir, startBilling } from './harness.js';

// `npm start` runs the services on embedded PGlite (BILLING_DATABASE_URL=pglite:///abs/dir).
describe('billing service on PGlite', () => {
  it('migrates, starts a trial, answers its status and finds due reminders', async () => {
    const url = 'pglite:memory:billing-test';
    const { applied } = await applyMigrations({ migrationsDir, databaseUrl: url });
    expect(applied.length).toBeGreaterThan(0);
    const notices: string[] = [];
    const running = await startBilling(url, undefined, {
      testClock: true,
      reminders: {
        publicOrigin: 'http://localhost:8080',
        intervalMs: 60_000,
        send: async (req) => void notices.push(req.idempotencyKey),
      },
    });
    try {
      expect(await checkHealth(running.health, BILLING_SERVICE_NAME, 2000)).toBe('SERVING');
      const caller = { sub: 'sub-1', email: 'ann@example.com' };
      const started = await callUnary(running.billing.startTrial.bind(running.billing), { caller, language: 'en' });
      expect(started.err).toBeNull();
      expect(started.res?.started).toBe(true);
      const status = await callUnary(running.billing.getAccessStatus.bind(running.billing), { caller, language: 'en' });
      expect(status.res?.status).toMatchObject({ phase: Phase.PHASE_TRIAL, remainingDays: 90, totalDays: 90 });
      // The reminder loop's query runs on PGlite too: a clock 85 days ahead has the 7-day reminder due.
      await running.db.prisma.subscription.update({
        where: { sub: 'sub-1' },
        data: { clockOffsetMs: BigInt(85 * 86_400_000) },
      });
      expect(await running.server.reminders!.runOnce()).toBe(1);
      expect(notices).toEqual([expect.stringMatching(/^trial-ends-in-7-days\/sub-1\/\d+$/)]);
    } finally {
      await running.stop();
    }
  });
});
