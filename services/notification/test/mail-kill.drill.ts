import { expect, it } from 'vitest';
import { drillSummary, runRelayKillDrill } from './relay-kill-drill.js';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

/** DRILL_ROUNDS (default 12) SIGKILLs of the real process mid-relay, DRILL_MAILS (default 180) mails each. */
it('relay kill drill: no mail lost, at most 1 duplicate per 1,000', async () => {
  const result = await runRelayKillDrill({
    rounds: num('DRILL_ROUNDS', 12),
    mailsPerRound: num('DRILL_MAILS', 180),
    log: (line) => console.log(line),
  });
  console.log(drillSummary(result));
  expect(result.lost).toBe(0);
  expect(result.perThousand).toBeLessThanOrEqual(1);
});
