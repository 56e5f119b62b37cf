import { describe, expect, it } from 'vitest';
import { drillSummary, runRelayKillDrill } from './relay-kill-drill.js';

/** The kill drill in short: 5 SIGKILLs of the real process (dist/main.js) mid-relay, 180 mails each. */
describe('outbox relay killed mid-relay', () => {
  it('loses no mail and repeats at most one mail per kill (5 kills of 180 mails)', async () => {
    const result = await runRelayKillDrill({ rounds: 5, mailsPerRound: 180 });
    console.log(drillSummary(result));
    expect(result.total).toBe(900);
    expect(result.lost).toBe(0);
    // Every kill landed mid-relay: some of the round had arrived, not all of it.
    expect(result.rounds.every((r) => r.receivedBeforeKill > 0 && r.receivedBeforeKill < r.queued)).toBe(true);
    // The goal is at most 1 duplicate per 1,000 mails; the 12-kill drill (npm run drill:mail) measures
    // it over 2,160. A duplicate needs the kill to land in the ~1-2 ms between the server's spool and
    // the row's "sent" write, so 5 kills see 0-3 depending on the machine's load. Five kills cannot
    // tell 1 per 1,000 from 3: this run holds the relay to at most one repeat per kill (4 sends are in
    // flight, so a relay that re-sent all of them would exceed it), and the drill measures the rate.
    expect(result.duplicates).toBeLessThanOrEqual(result.rounds.length);
  }, 180_000);
});
