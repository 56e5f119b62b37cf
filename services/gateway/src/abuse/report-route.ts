import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { LinkServiceClient, ReportAbuseResponse } from '@ferry/contracts/link/v1';
import type { NotificationServiceClient, SendAbuseReportResponse } from '@ferry/contracts/notification/v1';
import { AbuseReportBody, type AbuseReportResponse } from '@ferry/http-contract';
import { abuseDetailsProblem, isAbuseReason, isMailAddress } from '@ferry/rules';
import { unary } from '../grpc/call.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { slugValue } from '../routes/request-rules.js';
import type { ReportLimits } from './report-limits.js';

export interface ReportRouteDeps {
  link: LinkServiceClient;
  notification: NotificationServiceClient;
  grpcDeadlineMs: number;
  limits: ReportLimits;
  publicOrigin: string;
  /** The download page of a link, as Ferry hands it out (for the mail to the abuse address). */
  downloadPageUrl(slug: string, ownerSubdomain: string): string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/links/{slug}/report: "Report this file" on a download page (no sign-in). Checks the
 * report (the shared rules), applies the abuse limits (per client, per link, for everyone), has the
 * link service store it for the administrators, then the notification service mail it to the abuse
 * address. A report of a link that is already gone is still taken: the team may want to know.
 */
export function reportRoutes(deps: ReportRouteDeps): Router {
  const router = Router();
  router.post('/links/:slug/report', async (req: Request, res) => {
    res.set('Cache-Control', 'no-store');
    const slug = parseRequest(slugValue(), req.params.slug);
    const body = parseRequest(AbuseReportBody, bodyObject(req.body));
    if (!isAbuseReason(body.reason)) throw new HttpError(400, 'invalid_argument', 'Please choose a reason');
    const details = (body.details ?? '').trim();
    const problem = abuseDetailsProblem(details);
    if (problem)
      throw new HttpError(
        400,
        'invalid_argument',
        problem === 'too-long' ? 'The details are too long' : 'The details may not contain control characters',
      );
    const replyTo = (body.replyTo ?? '').trim();
    if (replyTo !== '' && !isMailAddress(replyTo))
      throw new HttpError(400, 'invalid_argument', 'replyTo is not a valid e-mail address');

    const refusal = await deps.limits.admit(req.ip ?? 'unknown', slug);
    if (refusal) {
      req.log?.info({ limit: refusal.limit }, 'abuse report over its limit');
      res.set('Retry-After', String(refusal.retryAfterS));
      throw new HttpError(429, 'rate_limited', 'Too many reports right now. Please try again later.');
    }

    const requestId = body.requestId && UUID.test(body.requestId) ? body.requestId.toLowerCase() : randomUUID();
    const ctx = { deadlineMs: deps.grpcDeadlineMs, requestId: req.id };
    const stored = await unary<ReportAbuseResponse>(
      (md, opts, cb) =>
        deps.link.reportAbuse({ slug, reason: body.reason!, details, replyTo, requestId }, md, opts, cb),
      ctx,
    );
    const report = stored.report!;
    const link = report.link;
    try {
      await unary<SendAbuseReportResponse>(
        (md, opts, cb) =>
          deps.notification.sendAbuseReport(
            {
              idempotencyKey: `abuse/${report.id}`,
              slug,
              reason: report.reason,
              details: report.details,
              replyTo: report.replyTo,
              downloadPageUrl: deps.downloadPageUrl(slug, link?.ownerSubdomain ?? ''),
              fileName: link?.fileName ?? '',
              ownerEmail: link?.ownerEmail ?? '',
              adminUrl: `${deps.publicOrigin}/admin`,
            },
            md,
            opts,
            cb,
          ),
        ctx,
      );
    } catch (err) {
      // Stored is what counts: the administrators' screen lists it even when no mail could be queued.
      if (!(isGrpcCallError(err) && err.code === GrpcStatus.FAILED_PRECONDITION)) throw err;
      req.log?.warn('abuse report stored but not mailed: ABUSE_TO is not configured');
    }
    res.status(202).json({ ok: true, requestId } satisfies AbuseReportResponse);
  });
  return router;
}
