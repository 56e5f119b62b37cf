import * as grpc from '@grpc/grpc-js';
import type { LinkServiceServer, SessionCutoff as SessionCutoffMessage } from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import type { SessionCutoff } from '../generated/prisma/client.js';
import type { GrantTx } from '../grants/offline-grants.js';
import type { HandlerDeps } from '../handlers/deps.js';
import { requireCaller } from '../handlers/link-message.js';

/**
 * How long a cut-off holds: longer than any access token the provider issues lives (Google's and
 * dev-identity's live an hour), so every token that existed at the cut-off has expired by its end.
 */
export const SESSION_CUTOFF_MS = 2 * 3_600_000;

/** tokenCacheKey of the gateway: SHA-256 in base64url, no padding. */
const TOKEN_HASH = /^[A-Za-z0-9_-]{43}$/;

function tokenHashArg(value: string): string {
  if (!TOKEN_HASH.test(value))
    throw grpcError(grpc.status.INVALID_ARGUMENT, 'token_hash must be 43 base64url characters');
  return value;
}

type Tx = PrismaClient | GrantTx;

/**
 * Cuts every session of `ownerSub` off from `at` on (see CutOffSessions). Expired cut-offs and
 * admissions are pruned here: they are written rarely, so the tables stay as small as the last 2 h.
 * Runs inside DeleteMyAccount's transaction too, so a recorded deletion always has its cut-off.
 */
export async function cutOffSessions(tx: Tx, ownerSub: string, at: Date): Promise<SessionCutoff> {
  await tx.sessionCutoff.deleteMany({ where: { expiresAt: { lte: at } } });
  await tx.admittedSession.deleteMany({ where: { expiresAt: { lte: at } } });
  const expiresAt = new Date(at.getTime() + SESSION_CUTOFF_MS);
  return tx.sessionCutoff.upsert({
    where: { ownerSub },
    create: { ownerSub, cutOffAt: at, expiresAt },
    update: { cutOffAt: at, expiresAt },
  });
}

const toMessage = (row: SessionCutoff): SessionCutoffMessage => ({ cutOffAt: row.cutOffAt, expiresAt: row.expiresAt });

/** The durable cut-offs behind the gateways' sign-out-everywhere check (their caches ask here on a miss). */
export function sessionCutoffHandlers(
  deps: HandlerDeps,
): Pick<LinkServiceServer, 'cutOffSessions' | 'admitSession' | 'getSessionCutoff'> {
  const { prisma, logger, now } = deps;
  const liveCutoff = (tx: Tx, ownerSub: string, at: Date) =>
    tx.sessionCutoff.findFirst({ where: { ownerSub, expiresAt: { gt: at } } });

  return {
    cutOffSessions: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const row = await prisma.$transaction((tx) => cutOffSessions(tx, caller.sub, now()));
      logger.info({ ownerSub: caller.sub }, 'every session of the user is cut off');
      return { cutoff: toMessage(row) };
    }),

    admitSession: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const tokenHash = tokenHashArg(req.tokenHash);
      const at = now();
      const admitted = await prisma.$transaction(async (tx) => {
        const cutoff = await liveCutoff(tx, caller.sub, at);
        if (!cutoff) return undefined;
        await tx.admittedSession.deleteMany({ where: { expiresAt: { lte: at } } });
        const row = { ownerSub: caller.sub, admittedAt: at, expiresAt: cutoff.expiresAt };
        return tx.admittedSession.upsert({ where: { tokenHash }, create: { tokenHash, ...row }, update: row });
      });
      return { admittedAt: admitted?.admittedAt };
    }),

    getSessionCutoff: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const tokenHash = tokenHashArg(req.tokenHash);
      const at = now();
      const cutoff = await liveCutoff(prisma, caller.sub, at);
      if (!cutoff) return {};
      const admitted = await prisma.admittedSession.findFirst({
        where: { tokenHash, ownerSub: caller.sub, expiresAt: { gt: at } },
      });
      return { cutoff: toMessage(cutoff), admittedAt: admitted?.admittedAt };
    }),
  };
}
