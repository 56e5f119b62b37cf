import * as grpc from '@grpc/grpc-js';
import type {
  LinkServiceServer,
  WatchInvalidationsRequest,
  WatchInvalidationsResponse,
} from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { type ChosenExpiryProblem, MAX_LINK_LIFE_DAYS, storedFileName } from '@ferry/rules';
import { classifyCode, isSlug as isValidShortId, scopedCode } from '@ferry/rules';
import { linkState, newLinkExpiry, maxExtendedExpiry, ttlSeconds, MIN_TTL_SECONDS } from '../domain/lifetime.js';
import { newSlug } from '../domain/slug.js';
import { Prisma } from '../generated/prisma/client.js';
import type { HandlerDeps } from './deps.js';
import { requireCaller, requireOwner, toLinkMessage } from './link-message.js';
import { ownSubdomain } from './sender-subdomain.js';
import { shortenTransfer } from './transfers.js';
import { refuseSuspended } from '../admin/suspension-check.js';

const MAX_PAGE = 100;

/** The link already lives as long as a link may (30 days after the upload); the gateway answers 409 `extend_limit`. */
function extendLimit(): grpc.ServiceError {
  return grpcError(
    grpc.status.FAILED_PRECONDITION,
    `A link can be extended up to ${MAX_LINK_LIFE_DAYS} days after the upload; this one already expires then.`,
    'extend_limit',
  );
}

/** An expiry asked for at upload that the rule refuses; the gateway answers 400 with the problem as `code`. */
function chosenExpiryRefused(problem: ChosenExpiryProblem): grpc.ServiceError {
  const message =
    problem === 'expiry_in_past'
      ? 'expiresAt must be in the future'
      : `expiresAt may be at most ${MAX_LINK_LIFE_DAYS} days after the upload`;
  return grpcError(grpc.status.INVALID_ARGUMENT, message, problem);
}

/** The id of a signed one-click action (the gateway's nonce), or '' for an extend from the signed-in owner. */
function actionIdArg(value: string): string {
  if (value !== '' && !/^[A-Za-z0-9_-]{16,64}$/.test(value))
    throw grpcError(grpc.status.INVALID_ARGUMENT, 'action_id must be 16 to 64 characters of A-Z, a-z, 0-9, _ or -');
  return value;
}

function slugArg(value: string): string {
  if (!isValidShortId(value))
    throw grpcError(grpc.status.INVALID_ARGUMENT, 'slug must be 8 to 16 characters of A-Z, a-z, 0-9, _ or -');
  return value;
}

/** Creating and managing links on behalf of their owner. */
export function linkManagementHandlers(
  deps: HandlerDeps,
): Pick<
  LinkServiceServer,
  'shorten' | 'createShortlink' | 'updateExpiry' | 'deleteLink' | 'listLinks' | 'invalidateLink' | 'watchInvalidations'
> {
  const { prisma, logger, now } = deps;

  return {
    shorten: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      await refuseSuspended(prisma, caller);
      if (!req.driveAccessToken) throw grpcError(grpc.status.UNAUTHENTICATED, 'a drive access token is required');
      const at = now();
      const life = newLinkExpiry(at, req.expiresAt, deps.linkLifetimeMs);
      if (!life.ok) throw chosenExpiryRefused(life.problem);
      const { expiresAt } = life;
      if (req.transfer) return shortenTransfer(deps, req, caller, expiresAt);
      const file = await deps.verifyFile(req.driveFileId, req.driveAccessToken);
      const ownerSubdomain = await ownSubdomain(prisma, caller);
      for (let attempt = 0; ; attempt++) {
        const slug = newSlug();
        try {
          const row = await prisma.link.create({
            data: {
              slug,
              driveFileId: file.id,
              ownerSub: caller.sub,
              ownerEmail: caller.email,
              ownerSubdomain,
              fileName: storedFileName(file.name),
              sizeBytes: file.sizeBytes,
              expiresAt,
              ownerLocale: req.uploaderLocale.slice(0, 35),
            },
          });
          // A gateway may hold a "not found" for this slug from someone guessing it.
          deps.invalidations.publish(slug);
          logger.info({ slug, ownerSub: caller.sub }, 'link created');
          return { link: toLinkMessage(row, at), shortId: slug, ownerSubdomain };
        } catch (err) {
          if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002' && attempt < 5) continue;
          throw err;
        }
      }
    }),

    createShortlink: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      await refuseSuspended(prisma, caller);
      const kind = classifyCode(req.code);
      if (kind === 'invalid')
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'code must be a slug (8 to 16 characters) or a token code');
      const slug = kind === 'slug' ? req.code : slugArg(req.slug);
      const subdomain = await ownSubdomain(prisma, caller);
      if (req.subdomain.toLowerCase() !== subdomain)
        throw grpcError(grpc.status.PERMISSION_DENIED, 'subdomain does not belong to you');
      const row = requireOwner(await prisma.link.findUnique({ where: { slug } }), caller);
      const at = now();
      if (linkState(row, at) !== 'active')
        throw grpcError(grpc.status.FAILED_PRECONDITION, 'the link is no longer active');
      const ttl =
        Number(req.ttlSeconds) > 0 ? Math.max(MIN_TTL_SECONDS, Number(req.ttlSeconds)) : ttlSeconds(row.expiresAt, at);
      const expiresAt = new Date(Math.min(row.expiresAt.getTime(), at.getTime() + ttl * 1000));
      if (kind === 'token') {
        const key = { subdomain_code: { subdomain, code: req.code } };
        const taken = await prisma.shortCode.findUnique({ where: key });
        if (taken && taken.linkId !== row.id) throw grpcError(grpc.status.ALREADY_EXISTS, 'code already in use');
        await prisma.shortCode.upsert({
          where: key,
          create: { code: req.code, linkId: row.id, subdomain, expiresAt },
          update: { expiresAt },
        });
        deps.invalidations.publish(scopedCode(subdomain, req.code));
      }
      return { slug: kind === 'token' ? req.code : slug, subdomain, expiresAt };
    }),

    updateExpiry: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const slug = slugArg(req.slug);
      const row = requireOwner(await prisma.link.findUnique({ where: { slug } }), caller);
      const at = now();
      const state = linkState(row, at);
      if (state !== 'active') throw grpcError(grpc.status.FAILED_PRECONDITION, `the link is ${state}`);
      const max = maxExtendedExpiry(row, at);
      if (!max) throw extendLimit();
      let next = max;
      if (req.expiresAt) {
        if (req.expiresAt.getTime() <= at.getTime())
          throw grpcError(grpc.status.INVALID_ARGUMENT, 'expiresAt must be in the future');
        next = new Date(Math.min(req.expiresAt.getTime(), max.getTime()));
      }
      const actionId = actionIdArg(req.actionId ?? '');
      const extended = await prisma.$transaction(async (tx) => {
        // A signed one-click action works once: its id is recorded with the change it made.
        if (actionId) {
          const fresh = await tx.usedAction.createMany({ data: [{ actionId, linkId: row.id }], skipDuplicates: true });
          if (fresh.count === 0)
            throw grpcError(grpc.status.ALREADY_EXISTS, 'this action was already used', 'action_used');
        }
        // Only while the link is active and the sweeper has not taken it: after that it stays removed.
        return tx.link.updateMany({
          where: { id: row.id, deletedAt: null, removedAt: null, sweepNextAt: null, expiresAt: { gt: at } },
          data: { expiresAt: next },
        });
      });
      if (extended.count === 0) throw grpcError(grpc.status.FAILED_PRECONDITION, 'the link is expired');
      const updated = await prisma.link.findUniqueOrThrow({ where: { id: row.id } });
      deps.invalidations.publish(slug);
      return { link: toLinkMessage(updated, at) };
    }),

    deleteLink: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const slug = slugArg(req.slug);
      const row = requireOwner(await prisma.link.findUnique({ where: { slug } }), caller);
      if (!row.deletedAt) await prisma.link.update({ where: { id: row.id }, data: { deletedAt: now() } });
      deps.onLinkDeleted?.();
      deps.invalidations.publish(slug);
      const codes = await prisma.shortCode.findMany({
        where: { linkId: row.id },
        select: { subdomain: true, code: true },
      });
      for (const c of codes) deps.invalidations.publish(scopedCode(c.subdomain, c.code));
      return {};
    }),

    listLinks: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const pageSize = Math.min(MAX_PAGE, req.pageSize > 0 ? req.pageSize : MAX_PAGE);
      const offset = /^\d{1,9}$/.test(req.pageToken) ? Number(req.pageToken) : 0;
      const ids = req.driveFileIds.filter((id) => id.length > 0).slice(0, 1000);
      const rows = await prisma.link.findMany({
        where: { ownerSub: caller.sub, deletedAt: null, ...(ids.length ? { driveFileId: { in: ids } } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: offset,
        take: pageSize + 1,
      });
      const at = now();
      return {
        links: rows.slice(0, pageSize).map((r) => toLinkMessage(r, at)),
        nextPageToken: rows.length > pageSize ? String(offset + pageSize) : '',
      };
    }),

    invalidateLink: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const slug = slugArg(req.slug);
      requireOwner(await prisma.link.findUnique({ where: { slug } }), caller);
      deps.invalidations.publish(slug);
      return {};
    }),

    watchInvalidations: (call: grpc.ServerWritableStream<WatchInvalidationsRequest, WatchInvalidationsResponse>) => {
      const { epoch } = deps.invalidations;
      const unsubscribe = deps.invalidations.subscribe((slug, seq) => {
        if (!call.cancelled) call.write({ slug, seq: String(seq), epoch, reset: false });
      });
      // Replay what the watcher missed since its last seq (same epoch), else tell it to reset; the
      // marker (empty slug) says the stream is live from here.
      const after = /^\d{1,15}$/.test(call.request.afterSeq) ? Number(call.request.afterSeq) : -1;
      const missed = call.request.epoch === epoch && after >= 0 ? deps.invalidations.since(after) : undefined;
      for (const m of missed ?? []) {
        call.write({ slug: m.slug, seq: String(m.seq), epoch, reset: false });
      }
      call.write({ slug: '', seq: String(deps.invalidations.lastSeq()), epoch, reset: missed === undefined });
      deps.watchers.add(call);
      const done = () => {
        unsubscribe();
        deps.watchers.delete(call);
      };
      call.on('cancelled', done);
      call.on('close', done);
      call.on('error', done);
    },
  };
}
