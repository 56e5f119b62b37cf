import './http/express-augment.js';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Backends } from './grpc/backends.js';
import type { HealthChecker } from './grpc/health-checker.js';
import { authRoutes } from './auth/routes.js';
import { meRoutes } from './auth/me.js';
import type { OidcProvider } from './auth/oidc.js';
import type { OfflineGrantStore } from './auth/offline-grant.js';
import type { HandoverCodes } from './auth/handover.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { accessLog, type AccessLogPolicy } from './http/access-log.js';
import type { TrustProxy } from './http/client-address.js';
import { contentSecurityPolicy, type CspOptions } from './http/csp.js';
import { errorHandler, notFound } from './http/errors.js';
import { pathGuard } from './http/path-guard.js';
import { requestId } from './http/request-id.js';
import { healthRoutes } from './routes/health.js';
import { linkRoutes, type LinkRouteDeps } from './routes/links.js';
import { linkPreviewRoutes, type LinkPreviewRouteDeps } from './routes/link-previews.js';
import { requireAuth } from './auth/require-auth.js';
import { shareEmailRoutes, type ShareEmailRouteDeps } from './routes/share-email.js';
import { billingRoutes, type BillingRouteDeps } from './routes/billing.js';
import { billingCheckoutRoutes } from './routes/billing-checkout.js';
import { devClockRoutes } from './routes/dev-clock.js';
import { stripeWebhookRoutes } from './routes/stripe-webhook.js';
import { remotesManifest, remotesWeb, type RemoteMount } from './routes/remotes-web.js';
import { pagesWeb, shellWeb } from './routes/shell-web.js';
import { WebSource } from './web/web-source.js';
import { diskFiles, httpFiles } from './web/web-files.js';
import { linkPreviews } from './web/link-preview.js';
import { publicConfigRoutes, type PublicConfig } from './routes/public-config.js';
import { openApiRoutes } from './routes/openapi.js';
import { feedbackRoutes, type FeedbackRouteDeps } from './routes/feedback.js';
import { myDataRoutes, type MyDataRouteDeps } from './routes/my-data.js';
import type { SessionCutoffs } from './auth/session-cutoffs.js';
import { pageViewRoutes, type PageViewRouteDeps } from './routes/page-views.js';
import { abuseRoutes, type AbuseDeps } from './admin/abuse-setup.js';

export interface WebOptions {
  /** Built shell to serve at `/` with SPA fallback (WEB_SHELL_DIR). */
  shellDir?: string;
  /** Remote builds served at `/remotes/<name>/<version>/` (WEB_REMOTES). */
  remotes?: readonly RemoteMount[];
  /** File served as `/remotes.json`, re-read on each request (WEB_REMOTES_MANIFEST). */
  remotesManifestFile?: string;
  /**
   * Without a shell folder: the shell's web server the pages are written from (WEB_SHELL_URL),
   * and each remote's (WEB_REMOTE_URLS). Kubernetes: nginx serves the files, the gateway the pages.
   */
  shellUrl?: string;
  remoteUrls?: Readonly<Record<string, string>>;
}

export interface AppDeps {
  logger: Logger;
  health: HealthChecker;
  /**
   * gRPC clients and the per-call deadline for feature routes, which call
   * `unary((md, opts, cb) => deps.backends.link.client.x(req, md, opts, cb), { deadlineMs, requestId: req.id })`.
   */
  backends?: Backends;
  grpcDeadlineMs?: number;
  /** True once shutdown started: health and readiness answer 503 so traffic moves away. */
  isDraining?: () => boolean;
  /** Which requests get an access line; absent = every request. */
  accessLog?: AccessLogPolicy;
  web?: WebOptions;
  /** Sign-in: `/api/auth/*`, `/api/me` and the `requireAuth` gate of protected routes. */
  auth?: {
    oidc: OidcProvider;
    verifier: TokenVerifier;
    grants?: OfflineGrantStore;
    cutoffs?: SessionCutoffs;
    /** `/api/me`'s verifier: also lets through the session that deleted its account (its page shows the progress). */
    meVerifier?: TokenVerifier;
    /** The sign-in's one-time hand-over codes; absent = kept in this process. */
    handover?: HandoverCodes;
  };
  /** The user's own data: `GET /api/me/export`, `DELETE /api/me`, `GET /api/me/deletion`; `authenticate` defaults to requireAuth of `auth`. */
  myData?: Omit<MyDataRouteDeps, 'authenticate'> & { authenticate?: MyDataRouteDeps['authenticate'] };
  /** Extra origins of the pages' Content-Security-Policy (the remotes manifest is read from `web`). */
  csp?: Omit<CspOptions, 'manifestFile'>;
  /** Largest accepted JSON body. */
  jsonLimit?: string;
  /** Which peers' X-Forwarded-For Express believes (`clientAddress(TRUSTED_PROXIES).trust`); absent = none. */
  trustProxy?: TrustProxy;
  /** Short links and public downloads; `authenticate` defaults to requireAuth of `auth`. */
  links?: Omit<LinkRouteDeps, 'authenticate'> & { authenticate?: LinkRouteDeps['authenticate'] };
  /** The download page's previews (`/api/links/{slug}/thumbnail`, `/entries`). */
  previews?: LinkPreviewRouteDeps;
  /** Share by e-mail; `authenticate` defaults to requireAuth of `auth`. */
  shareEmail?: Omit<ShareEmailRouteDeps, 'authenticate'> & { authenticate?: ShareEmailRouteDeps['authenticate'] };
  /** Trial, status, plans, checkout, portal, cancel, resume and the dev clock (account page); `authenticate` defaults to requireAuth of `auth`. */
  billing?: Omit<BillingRouteDeps, 'authenticate'> & { authenticate?: BillingRouteDeps['authenticate'] };
  /** `GET /api/config` for the front end (the Drive root URL of uploads). */
  publicConfig?: PublicConfig;
  /** `POST /api/feedback`: visitors' messages to the team, with abuse limits. */
  feedback?: FeedbackRouteDeps;
  /** `POST /api/event`: page views forwarded to the analytics collector; absent = counting is off. */
  pageViews?: PageViewRouteDeps;
  /** "Report this file", GET /api/account/standing and the administrators' `/api/admin/*`; `authenticate` defaults to requireAuth of `auth`. */
  abuse?: AbuseDeps;
}

/** Builds the Express app from its dependencies; no listening, no env reading (testable with supertest). */
export function createApp(deps: AppDeps): Express {
  const { logger, web = {} } = deps;
  const isDraining = deps.isDraining ?? (() => false);
  const app = express();
  app.disable('x-powered-by');
  if (deps.trustProxy) app.set('trust proxy', deps.trustProxy);

  app.use(requestId);
  app.use((_req, res, next) => {
    // While draining, let keep-alive clients reconnect elsewhere after this response.
    if (isDraining()) res.setHeader('Connection', 'close');
    next();
  });
  app.use(accessLog(logger, deps.accessLog));
  // Helmet's other headers (Referrer-Policy no-referrer keeps URLs out of Referer, nosniff, HSTS…);
  // the CSP is Ferry's own: pages may run scripts from Ferry's origins only. X-Frame-Options is set
  // with the CSP (DENY, like its frame-ancestors 'none'), not by Helmet (SAMEORIGIN).
  app.use(helmet({ contentSecurityPolicy: false, xFrameOptions: false }));
  app.use(contentSecurityPolicy({ ...deps.csp, manifestFile: web.remotesManifestFile }));
  app.use(pathGuard);

  // Stripe signs the raw body: this route reads it before the API's JSON parser.
  if (deps.billing) app.use(stripeWebhookRoutes(deps.billing));
  // Feedback and page views read their bodies with their own small limits (8 KB JSON, 4 KB text).
  if (deps.feedback) app.use('/api', feedbackRoutes(deps.feedback));
  if (deps.pageViews) app.use('/api', pageViewRoutes(deps.pageViews));
  const api = express.Router();
  api.use(express.json({ limit: deps.jsonLimit ?? '1mb' }));
  api.use(healthRoutes(deps.health, isDraining));
  if (deps.publicConfig) api.use(publicConfigRoutes(deps.publicConfig));
  api.use(openApiRoutes());
  if (deps.auth) {
    api.use(authRoutes(deps.auth));
    api.use(meRoutes(deps.auth.meVerifier ?? deps.auth.verifier));
  }
  // Feature routes are mounted here. GET /api/d/{slug} is answered before Express (gateway.ts).
  // Each feature may bring its own sign-in check (tests do); otherwise the gateway's, or a refusal without one.
  const defaultAuthenticate: express.RequestHandler = deps.auth
    ? requireAuth(deps.auth.verifier)
    : (_req, res) => void res.status(401).json({ error: 'Sign-in required', code: 'unauthenticated' });
  if (deps.myData)
    api.use(myDataRoutes({ ...deps.myData, authenticate: deps.myData.authenticate ?? defaultAuthenticate }));
  if (deps.links) api.use(linkRoutes({ ...deps.links, authenticate: deps.links.authenticate ?? defaultAuthenticate }));
  if (deps.previews) api.use(linkPreviewRoutes(deps.previews));
  if (deps.shareEmail)
    api.use(
      shareEmailRoutes({ ...deps.shareEmail, authenticate: deps.shareEmail.authenticate ?? defaultAuthenticate }),
    );
  if (deps.billing) {
    const billing = { ...deps.billing, authenticate: deps.billing.authenticate ?? defaultAuthenticate };
    api.use(billingRoutes(billing));
    api.use(billingCheckoutRoutes(billing));
    if (billing.testClock) api.use(devClockRoutes(billing));
  }
  if (deps.abuse) api.use(abuseRoutes({ ...deps.abuse, authenticate: deps.abuse.authenticate ?? defaultAuthenticate }));
  api.use(notFound);
  app.use('/api', api);

  if (web.remotesManifestFile !== undefined) app.use(remotesManifest(web.remotesManifestFile, logger));
  app.use(remotesWeb(web.remotes ?? []));
  const previews = deps.links ? { previewOf: linkPreviews(deps.links.cache) } : {};
  if (web.shellDir !== undefined) {
    const source = new WebSource(diskFiles(web.shellDir, web.remotes ?? []), web.remotesManifestFile);
    app.use(shellWeb(web.shellDir, { source, ...previews }));
  } else if (web.shellUrl !== undefined) {
    const source = new WebSource(
      httpFiles({ shellUrl: web.shellUrl, remoteUrls: web.remoteUrls ?? {} }),
      web.remotesManifestFile,
    );
    app.use(pagesWeb({ source, ...previews }));
  }

  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
