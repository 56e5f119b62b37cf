import { retryDelay } from '@ferry/rules';

/**
 * Retries of a product API call that met a transient answer: no answer at all, a 5xx, a 429, or a
 * 403 whose code says rate limit (Google uses 403 `rateLimitExceeded` / `userRateLimitExceeded`).
 * Backoff doubles from `baseDelayMs` with ±25 % jitter; a Retry-After is honoured; the waits
 * together never exceed `maxTotalMs`, so a user is not kept waiting for a link for long.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** Longest single wait; a longer Retry-After ends the retries. */
  maxDelayMs: number;
  /** Longest time spent waiting across all retries. */
  maxTotalMs: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Link creation: 4 attempts, 0.5 s, 1 s, 2 s (± jitter), at most 8 s of waiting. */
export const SHORTEN_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 5_000, maxTotalMs: 8_000 };

const SHORTEN_JITTER = { min: 0.75, max: 1.25 } as const;

const RATE_LIMIT_CODE = /rate.?limit|resource_exhausted|too_many/i;

/** The `code` of a gateway error body, or the first `reason` of a Google-shaped one. */
async function errorCode(res: Response): Promise<string> {
  try {
    const body = (await res.clone().json()) as {
      code?: unknown;
      reason?: unknown;
      error?: { errors?: Array<{ reason?: unknown }>; status?: unknown };
    };
    const code = body.code ?? body.reason ?? body.error?.errors?.[0]?.reason ?? body.error?.status;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/** Whether asking again soon may succeed. `undefined` is a call that got no answer. */
export async function isTransientAnswer(res: Response | undefined): Promise<boolean> {
  if (!res) return true;
  if (res.status >= 500 || res.status === 429 || res.status === 408) return true;
  return res.status === 403 && RATE_LIMIT_CODE.test(await errorCode(res));
}

/** Retry-After (seconds or an HTTP date) in milliseconds. */
export function retryAfterMs(res: Response | undefined, now = Date.now()): number | undefined {
  const value = res?.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Sends until the answer is not transient or the policy is spent; returns the last answer. */
export async function withRetry(
  send: () => Promise<Response | undefined>,
  policy: RetryPolicy,
): Promise<Response | undefined> {
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = policy.random ?? Math.random;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (attempt >= policy.attempts || !(await isTransientAnswer(res))) return res;
    const wait = retryDelay(
      attempt - 1,
      { baseMs: policy.baseDelayMs, jitter: SHORTEN_JITTER, random },
      retryAfterMs(res),
    );
    if (wait > policy.maxDelayMs || waited + wait > policy.maxTotalMs) return res;
    await res?.body?.cancel().catch(() => undefined);
    await sleep(wait);
    waited += wait;
  }
}
