import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseOwnerLinks } from '../src/account/account-links.js';
import { SESSION_CUTOFF_MS } from '../src/account/session-cutoffs.js';
import { callUnary, migratedPostgres, startLink, type RunningLink } from './harness.js';

const alice = { sub: 'sub-alice-cutoff', email: 'alice@example.com' };
const bob = { sub: 'sub-bob-cutoff', email: 'bob@example.com' };
const OLD_SESSION = 'o'.repeat(43);
const NEW_SESSION = 'n'.repeat(43);

describe('session cut-offs (sign out everywhere, account deletion)', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let clock = new Date('2026-12-01T10:00:00.000Z');
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startLink(database.url, { now: () => clock });
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  /** The request as the gateway sends it, with the user its assertion names (see testCallerOptions). */
  const as = <Req>(user: typeof alice, req: Req) => ({ caller: user, ...req }) as Req;
  const cutOff = (user: typeof alice) => callUnary(running.link.cutOffSessions.bind(running.link), as(user, {}));
  const admit = (user: typeof alice, tokenHash: string) =>
    callUnary(running.link.admitSession.bind(running.link), as(user, { tokenHash }));
  const lookup = async (user: typeof alice, tokenHash: string) => {
    const { res, err } = await callUnary(running.link.getSessionCutoff.bind(running.link), as(user, { tokenHash }));
    expect(err).toBeNull();
    return res!;
  };

  it('stores a cut-off that holds 2 h and admits a later sign-in of that user only', async () => {
    expect(await lookup(alice, OLD_SESSION)).toEqual({});
    // Without a cut-off, admitting stores nothing: a later cut-off ends that session too.
    const early = await admit(alice, OLD_SESSION);
    expect(early.res!.admittedAt).toBeUndefined();

    const cut = await cutOff(alice);
    expect(cut.err).toBeNull();
    expect(cut.res!.cutoff!.cutOffAt).toEqual(clock);
    expect(cut.res!.cutoff!.expiresAt!.getTime() - clock.getTime()).toBe(SESSION_CUTOFF_MS);
    expect(await lookup(alice, OLD_SESSION)).toEqual({ cutoff: cut.res!.cutoff });
    expect(await lookup(bob, OLD_SESSION)).toEqual({});

    later(60_000);
    const admitted = await admit(alice, NEW_SESSION);
    expect(admitted.res!.admittedAt).toEqual(clock);
    expect((await lookup(alice, NEW_SESSION)).admittedAt).toEqual(clock);
    expect((await lookup(alice, OLD_SESSION)).admittedAt).toBeUndefined();
    // Another user naming alice's session learns nothing of it.
    expect(await lookup(bob, NEW_SESSION)).toEqual({});

    later(SESSION_CUTOFF_MS);
    expect(await lookup(alice, NEW_SESSION)).toEqual({});
    // The next write prunes what has expired.
    await cutOff(bob);
    expect(await running.db.prisma.sessionCutoff.findMany({ select: { ownerSub: true } })).toEqual([
      { ownerSub: bob.sub },
    ]);
    expect(await running.db.prisma.admittedSession.count()).toBe(0);
  });

  it('refuses a token hash that is not one', async () => {
    for (const tokenHash of ['', 'short', 'x'.repeat(44), `${'a'.repeat(42)}=`]) {
      const { err } = await callUnary(running.link.getSessionCutoff.bind(running.link), as(alice, { tokenHash }));
      expect(err?.code, tokenHash).toBe(grpc.status.INVALID_ARGUMENT);
    }
  });

  it('records the cut-off with the account deletion, and the erased account keeps it', async () => {
    const carol = { sub: 'sub-carol-cutoff', email: 'carol@example.com' };
    const deleted = await callUnary(
      running.link.deleteMyAccount.bind(running.link),
      as(carol, { trashFiles: false, locale: 'en' }),
    );
    expect(deleted.err).toBeNull();
    expect((await lookup(carol, OLD_SESSION)).cutoff?.cutOffAt).toEqual(clock);
    await eraseOwnerLinks(running.db.prisma, carol.sub, clock);
    expect((await lookup(carol, OLD_SESSION)).cutoff?.cutOffAt).toEqual(clock);
  });
});
