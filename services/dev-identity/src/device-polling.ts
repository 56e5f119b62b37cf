import type { IncomingMessage, ServerResponse } from 'node:http';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 §3.2: without an `interval` in the device authorization answer, clients poll every 5 s. */
export const DEFAULT_DEVICE_POLL_INTERVAL_MS = 5_000;

/**
 * RFC 8628 §3.5 `slow_down` (oidc-provider answers only `authorization_pending`): a device code
 * polled again sooner than the interval after its last counted poll is told to slow down.
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

  /**
   * Reads a token request's form body; answers `slow_down` for a device code polled too soon
   * (returns true), else leaves the read body on `req.body` for oidc-provider (returns false).
   */
  async intercept(req: IncomingMessage & { body?: string }, res: ServerResponse): Promise<boolean> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 64 * 1024) break;
      chunks.push(chunk as Buffer);
    }
    req.body = Buffer.concat(chunks).toString('utf8');
    const form = new URLSearchParams(req.body);
    const code = form.get('device_code');
    if (form.get('grant_type') !== DEVICE_CODE_GRANT || !code || !this.tooSoon(code)) return false;
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: 'slow_down', error_description: 'poll no more often than every interval' }));
    return true;
  }
}
