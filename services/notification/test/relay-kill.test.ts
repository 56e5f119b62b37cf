import { describe, expect, it } from 'vitest';
import { drillSummary, runRelayKillDrill } from './relay-kill-drill.js';

/** The kill drill in short: 5 SIGKILLs of the real process (dist/main.js) mid-relay, 180 mails each. */
describe('outbox relay killed mid-relay', () => {
  it('loses no mail and repeats at most 1 in 1,000 over 5 kills of 180 mails', async () => {
    const result = await runRelayKillDrill({ rounds: 5, mailsPerRound: 180 });
    console.log(drillSummary(result));
    expect(result.total).toBe(900);
    expect(result.lost).toBe(0);
    // Every kill landed mid-relay: some of the round had arrived, not all of it.
    expect(result.rounds.every((r) => r.receivedBeforeKill > 0 && r.receivedBeforeKill < r.queued)).toBe(true);
    expect(result.duplicates).toBeLessThanOrEqual(Math.round(result.total / 1000));
  }, 180_000);
});
