import { Router, type Request, type RequestHandler } from 'express';
import type { BillingServiceClient, ExportMySubscriptionResponse } from '@ferry/contracts/billing/v1';
import {
  AccountDeletionStep,
  type AccountDeletion,
  type DeleteMyAccountResponse,
  type ExportMyLinksResponse,
  type GetAccountDeletionResponse,
  type LinkServiceClient,
} from '@ferry/contracts/link/v1';
import {
  MessageStatus,
  type ExportMyMailResponse,
  type NotificationServiceClient,
} from '@ferry/contracts/notification/v1';
import {
  DeleteAccountBody,
  MyDataExportQuery,
  type AccountDeletionState,
  type MyDataExport,
} from '@ferry/http-contract';
import { chooseLanguage, LANGUAGE_COOKIE } from '@ferry/rules';
import { readCookie } from '../auth/flow-cookie.js';
import { bearerToken } from '../auth/require-auth.js';
import type { SessionCutoffs } from '../auth/session-cutoffs.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { unary, type CallContext } from '../grpc/call.js';
import { sameOrigin } from '../http/same-origin.js';
import { bodyObject, parseRequest } from '../http/validate.js';

export interface MyDataRouteDeps {
  link: LinkServiceClient;
  notification: NotificationServiceClient;
  billing: BillingServiceClient;
  grpcDeadlineMs: number;
  /** The sign-in gate (requireAuth with the cut-offs); sets req.auth. */
  authenticate: RequestHandler;
  /** The sign-in gate without the cut-offs: a session the deletion signed out may still follow it (and repeat it, harmlessly). */
  authenticateSignedOut: RequestHandler;
  cutoffs: SessionCutoffs;
  verifier: TokenVerifier;
  /** PUBLIC_ORIGIN: the only origin DELETE /api/me is taken from. */
  publicOrigin: string;
}

const STEPS: Partial<Record<AccountDeletionStep, AccountDeletionState['step']>> = {
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_UNSPECIFIED]: 'requested',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_LINKS_CLOSED]: 'links-closed',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_SUBSCRIPTION_CANCELLED]: 'subscription-cancelled',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_FILES_TRASHED]: 'files-handled',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_TOKEN_REVOKED]: 'token-revoked',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_DATA_DELETED]: 'data-deleted',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_MAIL_QUEUED]: 'mail-queued',
  [AccountDeletionStep.ACCOUNT_DELETION_STEP_DONE]: 'done',
};

const MAIL_STATUS: Partial<Record<MessageStatus, MyDataExport['mails'][number]['status']>> = {
  [MessageStatus.MESSAGE_STATUS_SENT]: 'sent',
  [MessageStatus.MESSAGE_STATUS_FAILED]: 'failed',
};

function deletionState(d: AccountDeletion | undefined): AccountDeletionState {
  if (!d) return { state: 'none', step: null, trashFiles: null, requestedAt: null, finishedAt: null, retries: 0 };
  return {
    state: d.finishedAt ? 'done' : 'running',
    step: STEPS[d.step] ?? 'requested',
    trashFiles: d.trashFiles,
    requestedAt: d.requestedAt?.toISOString() ?? null,
    finishedAt: d.finishedAt?.toISOString() ?? null,
    retries: d.attempts,
  };
}

const iso = (d: Date | undefined) => d?.toISOString() ?? null;

/**
 * The signed-in user's own data: GET /api/me/export (each service answers for its own part) and
 * DELETE /api/me (recorded at the link service, which runs the deletion to the end; every session
 * of the user is cut off here at once), with GET /api/me/deletion for the account page's progress.
 */
export function myDataRoutes(deps: MyDataRouteDeps): Router {
  const router = Router();
  const ctx = (req: Request): CallContext => ({
    deadlineMs: deps.grpcDeadlineMs,
    requestId: req.id,
    user: { sub: req.auth!.sub, email: req.auth!.email },
  });

  router.get('/me/export', deps.authenticate, async (req, res) => {
    const timeZone = parseRequest(MyDataExportQuery, req.query).tz ?? 'UTC';
    const [links, mail, billing] = await Promise.all([
      unary<ExportMyLinksResponse>((md, o, cb) => deps.link.exportMyLinks({ timeZone }, md, o, cb), ctx(req)),
      unary<ExportMyMailResponse>((md, o, cb) => deps.notification.exportMyMail({}, md, o, cb), ctx(req)),
      unary<ExportMySubscriptionResponse>((md, o, cb) => deps.billing.exportMySubscription({}, md, o, cb), ctx(req)),
    ]);
    const s = billing.subscription;
    const body: MyDataExport = {
      exportedAt: new Date().toISOString(),
      account: { sub: req.auth!.sub, email: req.auth!.email },
      timeZone,
      links: links.links.map((l) => ({
        slug: l.slug,
        file: l.fileName,
        size: Number(l.sizeBytes),
        created: iso(l.createdAt)!,
        expiry: iso(l.expiresAt)!,
        deleted: iso(l.deletedAt),
        downloads: Number(l.downloadCount),
        shortCodes: l.shortCodes,
        days: l.days.map((d) => ({ date: d.date, downloads: Number(d.downloads) })),
      })),
      mails: mail.mails.map((m) => ({
        type: m.type,
        to: m.to,
        created: iso(m.createdAt)!,
        sent: iso(m.sentAt),
        status: MAIL_STATUS[m.status] ?? 'queued',
      })),
      subscription: s
        ? {
            plan: s.plan,
            phase: s.phase,
            trialStarted: iso(s.trialStartedAt),
            trialEnds: iso(s.trialEndsAt),
            periodStart: iso(s.currentPeriodStart)!,
            paidUntil: iso(s.paidUntil)!,
            cancelled: iso(s.cancelledAt),
            stripeStatus: s.stripeStatus || null,
            stripeCustomer: s.stripeCustomerId || null,
            stripeSubscription: s.stripeSubscriptionId || null,
            created: iso(s.createdAt)!,
          }
        : null,
    };
    res.set('Cache-Control', 'private, no-store');
    res.set('Content-Disposition', `attachment; filename="ferry-data-${body.exportedAt.slice(0, 10)}.json"`);
    res.json(body);
  });

  router.delete('/me', sameOrigin(deps.publicOrigin), deps.authenticateSignedOut, async (req, res) => {
    const body = parseRequest(DeleteAccountBody, bodyObject(req.body));
    res.set('Cache-Control', 'no-store');
    const token = bearerToken(req) ?? '';
    if (await deps.cutoffs.isCutOff(req.auth!.sub, token)) {
      // A session this deletion signed out (a second click, a retry): it is told where the deletion
      // is, and can never start another one (the user may have come back with new data since).
      const { deletion } = await unary<GetAccountDeletionResponse>(
        (md, o, cb) => deps.link.getAccountDeletion({}, md, o, cb),
        ctx(req),
      );
      const state = deletionState(deletion);
      res.status(state.state === 'done' ? 200 : 202).json(state);
      return;
    }
    const locale = chooseLanguage({
      query: body.language,
      cookie: readCookie(req.get('cookie'), LANGUAGE_COOKIE),
      acceptLanguage: req.get('accept-language'),
    });
    const { deletion } = await unary<DeleteMyAccountResponse>(
      (md, o, cb) => deps.link.deleteMyAccount({ trashFiles: body.trashFiles, locale }, md, o, cb),
      ctx(req),
    );
    const state = deletionState(deletion);
    if (state.state !== 'done') {
      // This page stays to show the progress: its session may still read /api/me, nothing else.
      await deps.cutoffs.cutOff(req.auth!.sub, { token, identity: req.auth!.identity });
      await deps.verifier.forget(token);
      req.log.info({ step: state.step }, 'account deletion started; every session of the user is cut off');
    }
    res.status(state.state === 'done' ? 200 : 202).json(state);
  });

  router.get('/me/deletion', deps.authenticateSignedOut, async (req, res) => {
    const { deletion } = await unary<GetAccountDeletionResponse>(
      (md, o, cb) => deps.link.getAccountDeletion({}, md, o, cb),
      ctx(req),
    );
    res.set('Cache-Control', 'no-store');
    res.json(deletionState(deletion));
  });

  return router;
}
