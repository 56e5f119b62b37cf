import type { KoaContextWithOIDC } from 'oidc-provider';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 §3.2: without an `interval` in the device authorization answer, clients poll every 5 s. */
export const DEFAULT_DEVICE_POLL_INTERVAL_MS = 5_000;

/**
 * RFC 8628 §3.5 `slow_down` (oidc-provider answers only `authorization_pending`): a device code
 * still pending and polled again sooner than the interval after its last counted poll is told to
 * slow down. An approved code is answered at once, so no token is ever held back.
 */
export class DevicePolling {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this poll is too soon; otherwise records it. */
  tooSoon(deviceCode: string): boolean {
    const t = this.now();
    const previous = this.last.get(deviceCode);
    if (previous !== undefined && t - previous < this.intervalMs) return true;
    this.last.set(deviceCode, t);
    // Device codes live minutes; forget polls older than an hour.
    for (const [code, at] of this.last) if (t - at > 3_600_000) this.last.delete(code);
    return false;
  }

  /** oidc-provider middleware: turns a too-early `authorization_pending` into `slow_down`. */
  middleware() {
    return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
      await next();
      const body = ctx.body as { error?: string } | undefined;
      const params = ctx.oidc?.params as { grant_type?: string; device_code?: string } | undefined;
      if (ctx.status !== 400 || body?.error !== 'authorization_pending') return;
      if (params?.grant_type !== DEVICE_CODE_GRANT || !params.device_code) return;
      if (this.tooSoon(params.device_code))
        ctx.body = { error: 'slow_down', error_description: 'poll no more often than every interval' };
    };
  }
}
