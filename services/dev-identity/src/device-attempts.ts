import type { KoaContextWithOIDC } from 'oidc-provider';
import { deviceCodePage } from './pages.js';

/** Wrong user codes a client (its address) may type at /device per window. */
export const DEVICE_CODE_TRIES = 10;
const DEVICE_CODE_WINDOW_MS = 10 * 60_000;

/**
 * RFC 8628 §5.1: the user code is short, so guessing it must be limited. oidc-provider leaves that
 * to the deployment (it has no hook for it): wrong codes are counted per client address in
 * `userCodeInputSource`, and this middleware refuses a client's further codes (429 with
 * Retry-After) until its window ends. A right code is never counted.
 */
export class DeviceCodeAttempts {
  private readonly wrongs = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly verificationPath: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A wrong, expired or used code typed by `client`. */
  wrong(client: string): void {
    const t = this.now();
    const entry = this.wrongs.get(client);
    if (!entry || t - entry.since >= DEVICE_CODE_WINDOW_MS) this.wrongs.set(client, { count: 1, since: t });
    else entry.count++;
    for (const [key, e] of this.wrongs) if (t - e.since >= DEVICE_CODE_WINDOW_MS) this.wrongs.delete(key);
  }

  /** Seconds until `client` may type a code again; 0 when it may now. */
  blockedFor(client: string): number {
    const entry = this.wrongs.get(client);
    if (!entry || entry.count < DEVICE_CODE_TRIES) return 0;
    const left = entry.since + DEVICE_CODE_WINDOW_MS - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** oidc-provider middleware: a blocked client's code is not looked at. */
  middleware() {
    return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
      if (ctx.method === 'POST' && ctx.path === this.verificationPath) {
        const wait = this.blockedFor(ctx.ip);
        if (wait > 0) {
          ctx.status = 429;
          ctx.set('Retry-After', String(wait));
          ctx.type = 'html';
          ctx.body = deviceCodePage('', 'Too many wrong codes. Wait a few minutes, then try again.');
          return;
        }
      }
      await next();
    };
  }
}
