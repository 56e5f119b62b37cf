import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { LinkStatus, type GetShareInfoResponse, type LinkServiceClient } from '@ferry/contracts/link/v1';
import {
  ShareEmailKind,
  type NotificationServiceClient,
  type SendShareEmailRequest,
  type SendShareEmailResponse,
} from '@ferry/contracts/notification/v1';
import { unary } from '../grpc/call.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import {
  firstOf,
  ShareEmailBody,
  type ErrorCode,
  type ShareEmailInput,
  type ShareEmailResponse,
} from '@ferry/http-contract';
import {
  hasLineBreakOrControl,
  INVALID_RECIPIENTS_MESSAGE,
  isLinkCode,
  isMailAddress,
  isSlug,
  normaliseLanguage,
  MAX_SHARE_MESSAGE_LENGTH,
  parseRecipients,
  shareMessageProblem,
} from '@ferry/rules';
import { publicLinksFor, type PublicLinks } from '../links/public-links.js';
import type { ActionSigner } from '@ferry/service-kit';

export interface ShareEmailRouteDeps {
  notification: NotificationServiceClient;
  link: LinkServiceClient;
  grpcDeadlineMs: number;
  /** The sign-in gate (requireAuth); sets req.auth. */
  authenticate: RequestHandler;
  /** https://ferry.example.com — download URLs in mails are built on it. */
  publicOrigin: string;
  /** The link a mail hands out (the sender's own subdomain when enabled); absent = `/r/{slug}`. */
  publicLinks?: PublicLinks;
  /** Signs the "+1 day" of the sender's copy (ACTION_SIGNING_KEY); absent = the copy has none. */
  actions?: ActionSigner;
}

/** Spec §8 texts. */
export const SHARE_TEXTS = {
  invalidRecipients: INVALID_RECIPIENTS_MESSAGE,
  senderUnknown: 'Unable to determine sender email.',
  urlUnknown: 'Unable to determine download URL.',
  sent: 'Email sent successfully!',
  receiverFailed: 'receiver mail failed',
  uploaderFailed: 'uploader mail failed',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCALE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/;
const MAX_RECIPIENTS_INPUT = 20_000;

/** A refused share: each spec §8 text has its own code, which the share modal translates. */
const refused = (message: string, code: ErrorCode = 'invalid_argument') => new HttpError(400, code, message);

/**
 * The link a share is about: a slug/code field, or one read from a download URL on Ferry's origin
 * (…/r/{slug}, …/d/{slug}, …/{slug}, …/api/d/{slug}, also on a sender's subdomain).
 */
export function linkCodeFrom(body: Partial<ShareEmailInput>, publicOrigin: string): string | undefined {
  const direct = firstOf(body.slug, body.shortId, body.code);
  if (direct !== undefined) return isLinkCode(direct) ? direct : undefined;
  const dynamic = body.receiverDynamicData ?? {};
  const url =
    firstOf(body.downloadUrl, body.shareUrl, body.shortUrl) ??
    firstOf(dynamic.downloadPageUrl, dynamic.preferredPageUrl, dynamic.fileDownloadUrl);
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const origin = new URL(publicOrigin);
  const sameSite =
    parsed.protocol === origin.protocol &&
    parsed.port === origin.port &&
    (parsed.hostname === origin.hostname || parsed.hostname.endsWith(`.${origin.hostname}`));
  if (!sameSite) return undefined;
  const m = /^\/(?:r\/|d\/|api\/d\/)?([^/]+)\/?$/.exec(parsed.pathname);
  const code = m?.[1] ? decodeURIComponent(m[1]) : undefined;
  return code && isLinkCode(code) ? code : undefined;
}

/** Maps a failed notification call: the caller's faults keep their status and text, the rest is the spec's text. */
function mailFailure(err: unknown, text: string, code: ErrorCode): unknown {
  if (!isGrpcCallError(err)) return err;
  const callerFault = [
    GrpcStatus.INVALID_ARGUMENT,
    GrpcStatus.RESOURCE_EXHAUSTED,
    GrpcStatus.PERMISSION_DENIED,
    GrpcStatus.UNAUTHENTICATED,
    GrpcStatus.FAILED_PRECONDITION,
  ].includes(err.code);
  if (callerFault) return err;
  return new HttpError(err.code === GrpcStatus.DEADLINE_EXCEEDED ? 504 : 502, code, text);
}

/**
 * POST /api/share-email (spec §7): the receiver mail to every recipient and the uploader's copy, or
 * with `via: "copy"` the copy-link log. The sender is the verified identity, never the body; the
 * link must be the sender's own.
 */
export function shareEmailRoutes(deps: ShareEmailRouteDeps): Router {
  const router = Router();
  const ctx = (req: Request) => ({ deadlineMs: deps.grpcDeadlineMs, requestId: req.id });
  /** For the share RPCs: the call carries the gateway's assertion of the signed-in sender. */
  const userCtx = (req: Request) => ({ ...ctx(req), user: { sub: req.auth!.sub, email: req.auth!.email } });

  router.post('/share-email', deps.authenticate, async (req, res) => {
    const body = parseRequest(ShareEmailBody, bodyObject(req.body));
    const caller = { sub: req.auth!.sub, email: req.auth!.email };

    if (body.via === 'copy') {
      const link = (body.link ?? '').slice(0, 2048);
      const slug =
        linkCodeFrom(body, deps.publicOrigin) ??
        (link ? linkCodeFrom({ downloadUrl: link }, deps.publicOrigin) : undefined) ??
        '';
      await unary(
        (md, opts, cb) =>
          deps.notification.logCopyLink({ link: hasLineBreakOrControl(link) ? '' : link, slug }, md, opts, cb),
        userCtx(req),
      );
      res.json({ ok: true });
      return;
    }

    const recipientsInput = body.recipients ?? body.recipientsCsv ?? body.to ?? '';
    if (typeof recipientsInput === 'string' && recipientsInput.length > MAX_RECIPIENTS_INPUT)
      throw refused(SHARE_TEXTS.invalidRecipients, 'invalid_recipients');
    const parsed = parseRecipients(recipientsInput);
    if (!parsed.ok) throw refused(SHARE_TEXTS.invalidRecipients, 'invalid_recipients');
    if (!isMailAddress(caller.email)) throw refused(SHARE_TEXTS.senderUnknown, 'sender_unknown');
    const message = body.message ?? body.note ?? '';
    const messageProblem = shareMessageProblem(message);
    if (messageProblem === 'too-long')
      throw refused(`The message may have at most ${MAX_SHARE_MESSAGE_LENGTH} characters`);
    if (messageProblem === 'control')
      throw refused('The message may not contain control characters or carriage returns');
    if (body.fileName !== undefined && hasLineBreakOrControl(body.fileName))
      throw refused('fileName must be one line without control characters');
    const code = linkCodeFrom(body, deps.publicOrigin);
    if (!code) throw refused(SHARE_TEXTS.urlUnknown, 'url_unknown');

    let info: GetShareInfoResponse;
    try {
      info = await unary<GetShareInfoResponse>(
        (md, opts, cb) => deps.link.getShareInfo({ slug: code }, md, opts, cb),
        ctx(req),
      );
    } catch (err) {
      if (isGrpcCallError(err) && (err.code === GrpcStatus.NOT_FOUND || err.code === GrpcStatus.INVALID_ARGUMENT)) {
        throw new HttpError(
          404,
          'not_found',
          "We can't find this file. Check the link or ask the sender for a new one.",
        );
      }
      throw err;
    }
    if (info.ownerEmail.toLowerCase() !== caller.email.toLowerCase())
      throw new HttpError(403, 'permission_denied', 'You can only e-mail links to your own files');
    if (info.status !== LinkStatus.LINK_STATUS_ACTIVE)
      throw new HttpError(410, 'gone', 'This download link has expired or the file was removed by the sender.');

    const requested = body.requestId;
    const shareRequestId = requested && UUID.test(requested) ? requested : randomUUID();
    const pageUrl = (deps.publicLinks ?? publicLinksFor(deps.publicOrigin, false)).shortUrl(
      code,
      isSlug(code) ? info.ownerSubdomain : '',
    );
    const given = firstOf(body.locale, body.lng, body.uploaderLocale) ?? '';
    const locale = LOCALE.test(given) ? given : '';
    // The recipients' language (the sender's choice, else the sender's own): their mail and the link's ?lng=.
    const chosen = body.recipientLocale ?? '';
    const recipientLocale = LOCALE.test(chosen) ? normaliseLanguage(chosen) : '';
    const receiverUrl = recipientLocale ? `${pageUrl}?lng=${recipientLocale}` : pageUrl;
    const request: SendShareEmailRequest = {
      kind: ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER,
      shareRequestId,
      recipients: parsed.recipients,
      fileName: info.fileName,
      sizeBytes: info.sizeBytes,
      sizeLabel: '',
      downloadUrl: receiverUrl,
      message,
      expiresAt: info.expiresAt,
      subdomain: info.ownerSubdomain,
      slug: code,
      locale: recipientLocale || locale,
      downloadPageUrl: receiverUrl,
      fileDownloadUrl: `${deps.publicOrigin}/api/d/${code}`,
      code: code.length > 16 ? code : '',
    };
    let receiver: SendShareEmailResponse;
    try {
      receiver = await unary<SendShareEmailResponse>(
        (md, opts, cb) => deps.notification.sendShareEmail(request, md, opts, cb),
        userCtx(req),
      );
    } catch (err) {
      throw mailFailure(err, SHARE_TEXTS.receiverFailed, 'receiver_mail_failed');
    }
    try {
      await unary<SendShareEmailResponse>(
        (md, opts, cb) =>
          deps.notification.sendShareEmail(
            {
              ...request,
              kind: ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY,
              locale,
              // The sender's own "+1 day" for this link, signed for them.
              ...(deps.actions && isSlug(code)
                ? {
                    extendUrl: `${deps.publicOrigin}/api/actions/extend?token=${deps.actions.sign({
                      action: 'extend-1d',
                      slug: code,
                      ownerSub: caller.sub,
                      ownerEmail: caller.email,
                      locale,
                    })}`,
                  }
                : {}),
            },
            md,
            opts,
            cb,
          ),
        userCtx(req),
      );
    } catch (err) {
      throw mailFailure(err, SHARE_TEXTS.uploaderFailed, 'uploader_mail_failed');
    }
    res.json({
      ok: true,
      message: SHARE_TEXTS.sent,
      shareRequestId,
      recipients: receiver.messages.map((m) => m.to),
      fileName: info.fileName,
      downloadUrl: request.downloadUrl,
    } satisfies ShareEmailResponse);
  });

  return router;
}
