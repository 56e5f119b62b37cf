import { z } from 'zod';
import {
  AccessStatus,
  BillingBody,
  CancelResponse,
  CheckoutBody,
  ClockAdvanceBody,
  PlansResponse,
  RedirectUrlResponse,
  ResumeResponse,
  StripeWebhookResponse,
  TrialStartResponse,
} from './billing.js';
import {
  CodeQuery,
  DeleteBody,
  DownloadCountResponse,
  ExtendBody,
  ExtendResponse,
  InvalidateQuery,
  LinksQuery,
  LinksResponse,
  ResolveResponse,
  ShareInfoResponse,
  ShareQuery,
  ShortenBody,
  ShortenResponse,
  ShortlinkBody,
  ShortlinkResponse,
  SizeQuery,
  SizeResponse,
  SlugQuery,
  TelemetryBody,
} from './links.js';
import { CopyLoggedResponse, ShareEmailBody, ShareEmailResponse } from './share-email.js';
import { FeedbackBody, FeedbackResponse, PageViewEvent } from './feedback.js';
import {
  ExtendActionQuery,
  LinkAccessBody,
  LinkAccessResponse,
  MoreTimeBody,
  MoreTimeResponse,
  UnlockBody,
  UnlockResponse,
} from './link-access.js';
import { LinkStatsQuery, LinkStatsResponse } from './link-stats.js';
import { AccountDeletionState, DeleteAccountBody, MyDataExport, MyDataExportQuery } from './my-data.js';
import { PreviewQuery, ZipEntriesResponse } from './link-previews.js';
import {
  HandoverBody,
  HandoverResponse,
  HealthReport,
  Me,
  ProbeResponse,
  PublicConfig,
  SignInCallbackQuery,
  SignInQuery,
} from './system.js';
import { ABUSE_ADMIN_ROUTES } from './abuse-admin.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiResponse {
  description: string;
  /** The JSON body; absent = no body (204, redirects). */
  schema?: z.ZodType;
  /** A redirect: the `Location` header is the answer. */
  redirect?: true;
  /** Bytes that are not JSON (an image): their media type range, e.g. `image/*`. */
  binary?: string;
}

/** One route of the public HTTP API. Error answers (4xx, 5xx) are always an ErrorBody. */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form: `/api/auth/{provider}`. */
  path: string;
  operationId: string;
  summary: string;
  /** Needs `Authorization: Bearer <access token>`. */
  auth?: true;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Path parameters (`{name}` in `path`). */
  params?: z.ZodObject;
  responses: Record<number, ApiResponse>;
  /** Refusals worth naming beyond the generic 4XX: status → the `code` and when it is sent. */
  errors?: Record<number, string>;
}

const ProviderParams = z.object({ provider: z.string().describe('The configured sign-in provider (e.g. google)') });
const SlugParams = z.object({ slug: z.string().describe('A link code: a slug or a token code') });
const TransferFileParams = SlugParams.extend({
  file: z.string().describe('The file’s number in the transfer, 1 to its file count (ShareInfoResponse.files[].index)'),
});

const json = (description: string, schema: z.ZodType): ApiResponse => ({ description, schema });
/** The answers of a download (`/api/d/…`, GET and HEAD alike: HEAD answers what GET would, without counting). */
const DOWNLOAD_ERRORS: Record<number, string> = {
  401: 'password_required: the link has a password; its download page asks for it',
  404: 'not_found: no such link',
  410: 'gone: expired, removed, its download limit reached or disabled (`reason` says which)',
  429: 'too_many_not_found: too many unknown links from this client (Retry-After)',
  503: 'upstream_unavailable: the link service is down, for every kind of link (Retry-After)',
};

const noContent: ApiResponse = { description: 'Done' };
const redirect = (description: string): ApiResponse => ({ description, redirect: true });

/** A route that needs a bearer token, its operationId kept as a literal type (for AuthenticatedRouteId). */
export type AuthenticatedRoute<Id extends string> = ApiRoute & { operationId: Id; auth: true };

const shorten = <const Id extends string>(operationId: Id, path: string, summary: string): AuthenticatedRoute<Id> => ({
  method: 'post',
  path,
  operationId,
  summary,
  auth: true,
  body: ShortenBody,
  responses: { 201: json('The short link', ShortenResponse) },
  errors: { 402: 'subscription_expired: the trial or plan has ended; existing links keep working' },
});

const extend = <const Id extends string>(
  operationId: Id,
  method: HttpMethod,
  path: string,
): AuthenticatedRoute<Id> => ({
  method,
  path,
  operationId,
  summary: 'Extend a link by one day (or to expiresAt), at most 30 days after the upload',
  auth: true,
  body: ExtendBody,
  query: SlugQuery,
  responses: { 200: json('The new expiry', ExtendResponse) },
});

const billing = <const Id extends string>(
  operationId: Id,
  path: string,
  summary: string,
  ok: ApiResponse,
  errors?: Record<number, string>,
  body: z.ZodType = BillingBody,
): AuthenticatedRoute<Id> => ({
  method: 'post',
  path,
  operationId,
  summary,
  auth: true,
  body,
  responses: { 200: ok },
  ...(errors ? { errors } : {}),
});

const ROUTES = [
  {
    method: 'get',
    path: '/api/health',
    operationId: 'health',
    summary: 'Readiness of the gateway and every backend',
    responses: { 200: json('All serving', HealthReport), 503: json('Degraded or draining', HealthReport) },
  },
  {
    method: 'get',
    path: '/api/livez',
    operationId: 'livez',
    summary: 'The process answers',
    responses: { 200: json('Alive', ProbeResponse) },
  },
  {
    method: 'get',
    path: '/api/readyz',
    operationId: 'readyz',
    summary: 'The gateway accepts traffic',
    responses: { 200: json('Ready', ProbeResponse), 503: json('Draining', ProbeResponse) },
  },
  {
    method: 'get',
    path: '/api/config',
    operationId: 'publicConfig',
    summary: 'The public run-time config of the front end',
    responses: { 200: json('The config', PublicConfig) },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openApi',
    summary: 'This document',
    responses: { 200: json('OpenAPI 3.1', z.record(z.string(), z.unknown())) },
  },
  {
    method: 'get',
    path: '/api/auth/login',
    operationId: 'signInStart',
    summary: 'Sign in with the configured provider',
    query: SignInQuery,
    responses: { 302: redirect('To /api/auth/{provider}') },
  },
  {
    method: 'get',
    path: '/api/auth/{provider}',
    operationId: 'signIn',
    summary: 'Start the authorization code flow',
    params: ProviderParams,
    query: SignInQuery,
    responses: { 302: redirect('To the provider'), 303: redirect('Back home with an error') },
  },
  {
    method: 'get',
    path: '/api/auth/{provider}/callback',
    operationId: 'signInCallback',
    summary: 'The provider’s answer; gives the shell a one-time hand-over code in the URL fragment',
    params: ProviderParams,
    query: SignInCallbackQuery,
    responses: { 303: redirect('To /auth/callback#code=… or home with an error') },
  },
  {
    method: 'post',
    path: '/api/auth/handover',
    operationId: 'signInHandover',
    summary:
      'Redeems the hand-over code for the access token: once, within a minute, and only with the cookie (ferry_handover) of the browser that started the sign-in; same-origin only',
    body: HandoverBody,
    responses: { 200: json('The access token (Cache-Control: no-store)', HandoverResponse) },
    errors: {
      400: 'invalid_grant: the code is unknown, expired or used, or this browser did not start the sign-in',
      403: 'cross_origin: sent from another site',
    },
  },
  {
    method: 'post',
    path: '/api/auth/revoke',
    operationId: 'signOut',
    summary: 'Revoke the caller’s token at the provider',
    auth: true,
    responses: { 204: noContent },
  },
  {
    method: 'get',
    path: '/api/me',
    operationId: 'me',
    summary: 'The verified identity of the token',
    auth: true,
    responses: { 200: json('The identity', Me) },
  },
  {
    method: 'get',
    path: '/api/me/export',
    operationId: 'exportMyData',
    summary:
      'Everything Ferry keeps about the caller (links with counts and daily statistics, mails sent for them, the subscription), as a JSON download',
    auth: true,
    query: MyDataExportQuery,
    responses: { 200: json('The data (Content-Disposition: attachment)', MyDataExport) },
    errors: { 400: 'invalid_argument: tz is not an IANA time zone' },
  },
  {
    method: 'delete',
    path: '/api/me',
    operationId: 'deleteMyAccount',
    summary:
      'Deletes the caller’s account: cancels the subscription, closes every link (410), removes public sharing and, if asked, trashes the files, revokes Ferry’s stored token, deletes the data, signs out every session and mails a confirmation; runs on durably, a repeat is harmless',
    auth: true,
    body: DeleteAccountBody,
    responses: {
      200: json('The deletion had already finished: its state, unchanged', AccountDeletionState),
      202: json('The deletion is recorded and running (every session is signed out now)', AccountDeletionState),
    },
    errors: { 403: 'cross_origin: sent from another site' },
  },
  {
    method: 'get',
    path: '/api/me/deletion',
    operationId: 'getAccountDeletion',
    summary: 'Where the caller’s account deletion is (also with a session signed out by it)',
    auth: true,
    responses: { 200: json('The deletion’s state', AccountDeletionState) },
  },
  shorten('shorten', '/api/shorten', 'A short link for a file in the caller’s Ferry folder'),
  shorten('shortenCreate', '/api/shorten/create', 'Fallback of POST /api/shorten'),
  extend('extend', 'patch', '/api/shorten'),
  extend('extendUpdate', 'post', '/api/shorten/update'),
  extend('extendShortlink', 'patch', '/api/shortlink'),
  {
    method: 'delete',
    path: '/api/shorten',
    operationId: 'deleteLink',
    summary: 'Delete a link record',
    auth: true,
    body: DeleteBody,
    query: SlugQuery,
    responses: { 204: noContent },
  },
  {
    method: 'post',
    path: '/api/shortlink',
    operationId: 'shortlink',
    summary: 'A code on the caller’s subdomain for a link',
    auth: true,
    body: ShortlinkBody,
    responses: { 201: json('The code’s URL', ShortlinkResponse) },
  },
  {
    method: 'get',
    path: '/api/s',
    operationId: 'shareLookup',
    summary: 'About a link: dl=1 its download count, probe=1 whether it is live, meta=1 its share info (spec §3)',
    query: ShareQuery,
    responses: {
      200: json('Count (dl=1) or share info (meta=1)', z.union([DownloadCountResponse, ShareInfoResponse])),
      204: { description: 'Live (probe=1)' },
    },
  },
  {
    method: 'post',
    path: '/api/s',
    operationId: 'invalidate',
    summary: 'Drop the gateway’s cached copy of a link',
    auth: true,
    query: InvalidateQuery,
    responses: { 204: noContent },
  },
  {
    method: 'get',
    path: '/api/resolve',
    operationId: 'resolve',
    summary: 'Resolve a link code on this host',
    query: CodeQuery,
    responses: { 200: json('The link', ResolveResponse) },
  },
  {
    method: 'get',
    path: '/api/size',
    operationId: 'size',
    summary: 'The size of a linked file',
    query: SizeQuery,
    responses: { 200: json('The size', SizeResponse) },
  },
  {
    method: 'get',
    path: '/api/download',
    operationId: 'download',
    summary: 'Download a linked file',
    query: CodeQuery,
    responses: { 302: redirect('To the file on the drive') },
  },
  {
    method: 'post',
    path: '/api/telemetry',
    operationId: 'telemetry',
    summary: 'A download page’s beacon (JSON, also as text/plain)',
    body: TelemetryBody,
    responses: { 204: noContent },
  },
  {
    method: 'get',
    path: '/api/links',
    operationId: 'links',
    summary: 'One page (100) of the caller’s links',
    auth: true,
    query: LinksQuery,
    responses: { 200: json('The links', LinksResponse) },
  },
  {
    method: 'post',
    path: '/api/share-email',
    operationId: 'shareEmail',
    summary: 'E-mail a link to recipients, with a copy to the sender (or log a copied link)',
    auth: true,
    body: ShareEmailBody,
    responses: { 200: json('Sent, or the copy logged', z.union([ShareEmailResponse, CopyLoggedResponse])) },
  },
  {
    method: 'put',
    path: '/api/links/{slug}/access',
    operationId: 'setLinkAccess',
    summary: 'Set, change or remove a link’s password and download limit (owner only)',
    auth: true,
    params: SlugParams,
    body: LinkAccessBody,
    responses: { 200: json('The link’s access now', LinkAccessResponse) },
    errors: {
      400: 'invalid_password: 4 to 128 characters, no control characters',
      404: 'not_found: no such link of the caller',
      409: 'limit_reached: the limit is not above the downloads made; failed_precondition: the link is gone',
    },
  },
  {
    method: 'get',
    path: '/api/links/{slug}/stats',
    operationId: 'getLinkStats',
    summary:
      'A link’s downloads per day in the owner’s time zone, the total and the first and latest download (owner only)',
    auth: true,
    params: SlugParams,
    query: LinkStatsQuery,
    responses: { 200: json('The link’s statistics', LinkStatsResponse) },
    errors: {
      400: 'invalid_argument: not a slug, or tz is not an IANA time zone',
      404: 'not_found: no such link of the caller',
    },
  },
  {
    method: 'get',
    path: '/api/links/{slug}/thumbnail',
    operationId: 'getLinkThumbnail',
    summary:
      'The drive’s thumbnail of a link’s image, PDF or video, fetched server-side with the owner’s stored grant (cached)',
    params: SlugParams,
    query: PreviewQuery,
    responses: { 200: { description: 'The thumbnail (PNG, JPEG, GIF or WebP)', binary: 'image/*' } },
    errors: {
      401: 'password_required: a protected link needs a live unlock token (token)',
      404: 'not_found: no such link; no_preview: the drive has no thumbnail of this file; no_such_file: no file n in this transfer',
      410: 'gone: expired, deleted or its download limit reached',
    },
  },
  {
    method: 'get',
    path: '/api/links/{slug}/entries',
    operationId: 'getLinkZipEntries',
    summary:
      'The files inside a zip link (names, sizes), read from its central directory with range reads, never the whole archive',
    params: SlugParams,
    query: PreviewQuery,
    responses: { 200: json('The archive’s entries', ZipEntriesResponse) },
    errors: {
      401: 'password_required: a protected link needs a live unlock token (token)',
      404: 'not_found: no such link; no_preview: the list of files is too large to show; no_such_file: no file n in this transfer',
      409: 'not_a_zip: the file is not a readable zip',
      410: 'gone: expired, deleted or its download limit reached',
    },
  },
  {
    method: 'post',
    path: '/api/links/{slug}/unlock',
    operationId: 'unlockLink',
    summary: 'The password of a protected link: a single-use download URL good for a minute',
    params: SlugParams,
    body: UnlockBody,
    responses: { 200: json('Unlocked', UnlockResponse) },
    errors: {
      401: 'wrong_password',
      404: 'not_found',
      410: 'gone: expired, deleted or its download limit reached',
      429: 'too_many_attempts: too many tries from this address or on this link (Retry-After)',
    },
  },
  {
    method: 'post',
    path: '/api/links/{slug}/more-time',
    operationId: 'askForMoreTime',
    summary: 'A recipient asks the sender for more time (the link has less than 24 hours left)',
    params: SlugParams,
    body: MoreTimeBody,
    responses: { 202: json('The sender is told', MoreTimeResponse) },
    errors: {
      404: 'not_found',
      409: 'not_expiring_soon: more than 24 hours are left',
      410: 'gone',
      429: 'rate_limited: the sender was asked often enough (Retry-After)',
      503: 'not_configured: no ACTION_SIGNING_KEY',
    },
  },
  {
    method: 'get',
    path: '/api/actions/extend',
    operationId: 'extendAction',
    summary: 'The signed one-click "+1 day" of a mail to the sender: an HTML confirmation page',
    query: ExtendActionQuery,
    responses: { 200: { description: 'Extended (HTML page)' } },
    errors: {
      400: 'The action is malformed, altered or expired (HTML page)',
      409: 'Already used, or the link is gone or at its 30-day cap (HTML page)',
    },
  },
  {
    method: 'post',
    path: '/api/feedback',
    operationId: 'feedback',
    summary: 'A visitor’s feedback, mailed to the team (at most 8 KB of JSON)',
    body: FeedbackBody,
    responses: { 200: json('Queued', FeedbackResponse) },
    errors: {
      429: 'rate_limited: too many messages from this address or from everyone (Retry-After)',
      503: 'not_configured: feedback is off',
    },
  },
  {
    method: 'post',
    path: '/api/event',
    operationId: 'pageViewEvent',
    summary:
      'A page view for the analytics service (text/plain JSON, at most 4 KB); forwarded without the visitor’s address, cookies or query',
    body: PageViewEvent,
    responses: {
      202: { description: 'Accepted (or dropped: analytics off, Do Not Track or Global Privacy Control set)' },
    },
    errors: { 429: 'rate_limited: too many events from this address' },
  },
  billing(
    'trialStart',
    '/api/trial/start',
    'Start the trial (once per account)',
    json('The trial', TrialStartResponse),
  ),
  billing(
    'accessStatus',
    '/api/access/status',
    'The subscription status (404: no subscription data)',
    json('The status', AccessStatus),
  ),
  billing(
    'cancel',
    '/api/stripe/cancel',
    'Cancel the subscription at the end of its period (in Stripe too for a paid plan)',
    json('Cancelled', CancelResponse),
  ),
  {
    method: 'get',
    path: '/api/billing/plans',
    operationId: 'billingPlans',
    summary: 'The paid plans and their prices (public, cacheable for a minute)',
    responses: { 200: json('The plans', PlansResponse) },
  },
  billing(
    'billingCheckout',
    '/api/billing/checkout',
    'A Stripe Checkout page for a paid plan; returns to /account?checkout=success|cancelled',
    json('Where to send the browser', RedirectUrlResponse),
    { 409: 'already_subscribed: a paid plan is active or scheduled' },
    CheckoutBody,
  ),
  billing(
    'billingPortal',
    '/api/billing/portal',
    'A Stripe customer portal page (card, invoices, plan, cancel); returns to /account',
    json('Where to send the browser', RedirectUrlResponse),
    { 409: 'no_billing_account: the account has never paid' },
  ),
  billing(
    'billingResume',
    '/api/billing/resume',
    'Undo a cancellation before its period ends',
    json('Resumed', ResumeResponse),
    { 409: 'nothing_to_resume: nothing is cancelled' },
  ),
  billing(
    'devClockAdvance',
    '/api/dev/clock/advance',
    'Test and single-machine mode only: move the caller’s billing clock forward',
    json('The status after the move', AccessStatus),
    { 404: 'not_found: the test clock is off' },
    ClockAdvanceBody,
  ),
  {
    method: 'post',
    path: '/api/stripe/webhook',
    operationId: 'stripeWebhook',
    summary: 'Stripe events (raw body, Stripe-Signature)',
    responses: { 200: json('Applied', StripeWebhookResponse) },
  },
  {
    method: 'get',
    path: '/api/d/{slug}',
    operationId: 'downloadRedirect',
    summary: 'The public download: a redirect to the file on the drive (also HEAD)',
    params: SlugParams,
    responses: { 302: redirect('To the file on the drive; for a transfer, to its download page (/r/{slug})') },
    errors: DOWNLOAD_ERRORS,
  },
  {
    method: 'get',
    path: '/api/d/{slug}/{file}',
    operationId: 'downloadTransferFile',
    summary:
      'File n of a transfer: a redirect to that file on the drive, counted for the transfer and the file (also HEAD)',
    params: TransferFileParams,
    responses: { 302: redirect('To the file on the drive') },
    errors: {
      ...DOWNLOAD_ERRORS,
      404: 'no_such_file: the link is not a transfer, or has no file with this number; not_found: no such link',
    },
  },
  ...ABUSE_ADMIN_ROUTES,
] as const satisfies readonly ApiRoute[];

/** Every route of the gateway's public HTTP API (spec §7). */
export const API_ROUTES: readonly ApiRoute[] = ROUTES;

/**
 * The operationId of every route that needs a bearer token: a `Record<AuthenticatedRouteId, …>`
 * (a test table) stops compiling when a new authenticated route has no entry.
 */
export type AuthenticatedRouteId = Extract<(typeof ROUTES)[number], { auth: true }>['operationId'];

/** The route of a method and OpenAPI path, if the contract has it. */
export function findRoute(method: string, path: string): ApiRoute | undefined {
  const m = method.toLowerCase();
  return API_ROUTES.find((r) => r.method === m && r.path === path);
}
