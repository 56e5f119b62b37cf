import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What the gateway remembers between `/api/auth/{provider}` and its callback (never readable by the page). */
export interface AuthFlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Validated same-origin return path, if the shell sent one. */
  next?: string;
  /** `prompt=none` (silent refresh): errors go back to the shell instead of `/`. */
  silent: boolean;
  /** Epoch ms when the flow started. */
  startedAt: number;
  /** The browser that started the flow (handover.ts `browserBinding` of its cookie): only it can redeem the hand-over. */
  browser: string;
}

/** A sign-in attempt must finish within this time. */
export const AUTH_FLOW_TTL_MS = 10 * 60_000;

/** One cookie per attempt, named after its state, so two tabs signing in at once do not clash. */
export function flowCookieName(state: string): string {
  return `ferry_auth_${state.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 16)}`;
}

/**
 * Seals the flow state with AES-256-GCM (key derived from the client secret): the browser keeps it
 * as an HttpOnly cookie but can neither read the PKCE verifier nor forge a state.
 */
export class FlowSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'ferry-gateway', 'auth-flow-cookie v1', 32));
  }

  seal(value: AuthFlowState): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The state, or undefined when the value was tampered with, is malformed or too old. */
  unseal(sealed: string | undefined, now = Date.now()): AuthFlowState | undefined {
    if (!sealed) return undefined;
    try {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 29) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      const value = JSON.parse(json) as AuthFlowState;
      if (
        typeof value.startedAt !== 'number' ||
        typeof value.browser !== 'string' ||
        now - value.startedAt > AUTH_FLOW_TTL_MS ||
        now < value.startedAt - 60_000
      )
        return undefined;
      return value;
    } catch {
      return undefined;
    }
  }
}

/** Reads one cookie from a Cookie header (no cookie-parser dependency for a single value). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
