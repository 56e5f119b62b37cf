import { readFileSync, type Stats, statSync } from 'node:fs';
import type { RequestHandler } from 'express';

export interface CspOptions {
  /** Extra script origins (CSP_SCRIPT_ORIGINS), e.g. the CDN that serves the remotes. */
  scriptOrigins?: readonly string[];
  /** Extra fetch/XHR origins (CSP_CONNECT_ORIGINS), e.g. the Drive API the upload remote calls. */
  connectOrigins?: readonly string[];
  /** Origins of profile pictures (the identity provider's). */
  imageOrigins?: readonly string[];
  /** The remotes manifest (WEB_REMOTES_MANIFEST): absolute remote entries add their origins. */
  manifestFile?: string;
}

/**
 * Origins of remotes whose manifest entry is an absolute URL. Relative entries are served by this
 * gateway and covered by 'self'. Re-read when the file changes, so a release that points a remote
 * at another origin is allowed without a restart.
 */
export function manifestOrigins(file: string): () => string[] {
  let cached: { mtimeMs: number; size: number; origins: string[] } | undefined;
  return () => {
    let st: Stats;
    try {
      st = statSync(file);
    } catch {
      return [];
    }
    if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size) return cached.origins;
    const origins = new Set<string>();
    try {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { remotes?: Record<string, { entry?: unknown }> };
      for (const remote of Object.values(json.remotes ?? {})) {
        if (typeof remote?.entry !== 'string') continue;
        try {
          const url = new URL(remote.entry);
          if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
        } catch {
          // relative entry: same origin
        }
      }
    } catch {
      // unreadable or invalid manifest: no extra origins (the shell cannot load remotes anyway)
    }
    cached = { mtimeMs: st.mtimeMs, size: st.size, origins: [...origins] };
    return cached.origins;
  };
}

/**
 * The Content-Security-Policy of Ferry's pages. Scripts only from Ferry's own origins: no inline
 * script, no eval, no third-party script. Inline *styles* are allowed (React style attributes and
 * Module Federation's CSS injection need them; styles cannot run code).
 */
export function buildCsp(o: {
  scriptOrigins: readonly string[];
  connectOrigins: readonly string[];
  imageOrigins: readonly string[];
}): string {
  const list = (...items: readonly string[]) => [...new Set(items)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...o.scriptOrigins)}`,
    `script-src-attr 'none'`,
    `style-src ${list("'self'", "'unsafe-inline'", ...o.scriptOrigins)}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...o.imageOrigins, ...o.scriptOrigins)}`,
    `font-src ${list("'self'", 'data:', ...o.scriptOrigins)}`,
    `connect-src ${list("'self'", ...o.scriptOrigins, ...o.connectOrigins)}`,
    `media-src 'self' blob:`,
    `worker-src 'self' blob:`,
    `frame-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** API answers are data, never documents: nothing may load from them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The legacy twin of `frame-ancestors 'none'` for browsers without CSP 2: no page may be framed. */
export const FRAME_OPTIONS = 'DENY';

/**
 * Browser features no Ferry page uses are off, for Ferry and anything it might embed. Payment is
 * off too: Stripe Checkout is a redirect to Stripe's own page, not an embedded payment form. The
 * clipboard stays on for Ferry's own origin (copying a link). `browsing-topics` is the current
 * name of FLoC's `interest-cohort`, which browsers no longer recognise (and would warn about).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Sets the page CSP on every web response (HTML pages, and harmlessly on their assets), with the
 * framing refusal and the Permissions-Policy that go with it; API answers get the API CSP.
 */
export function contentSecurityPolicy(options: CspOptions): RequestHandler {
  const fromManifest = options.manifestFile ? manifestOrigins(options.manifestFile) : () => [];
  let last: { key: string; value: string } | undefined;
  return (req, res, next) => {
    res.setHeader('X-Frame-Options', FRAME_OPTIONS);
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      res.setHeader('Content-Security-Policy', API_CSP);
      next();
      return;
    }
    const scriptOrigins = [...(options.scriptOrigins ?? []), ...fromManifest()];
    const key = scriptOrigins.join(' ');
    if (last?.key !== key) {
      last = {
        key,
        value: buildCsp({
          scriptOrigins,
          connectOrigins: options.connectOrigins ?? [],
          imageOrigins: options.imageOrigins ?? [],
        }),
      };
    }
    res.setHeader('Content-Security-Policy', last.value);
    next();
  };
}
