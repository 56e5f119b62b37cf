import { vi, type Mock } from 'vitest';
import type { AuthEnvironment } from './auth-controller';

/** A Storage backed by a Map (each test gets fresh local and session storage). */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

export interface TestEnv extends AuthEnvironment {
  loc: { pathname: string; search: string; hash: string };
  cookieJar: { value: string };
  vis: { visibilityState: DocumentVisibilityState } & EventTarget;
  assign: Mock<(url: string) => void>;
  navigate: Mock<(path: string) => void>;
  replaceUrl: Mock<(path: string) => void>;
  openPopup: Mock<(url: string) => { close: Mock<() => void> } | null>;
  closeWindow: Mock<() => void>;
  fetch: Mock<typeof fetch>;
  emitted: string[];
}

/** The hand-over code the stand-in gateway issued to this browser, and the token it redeems to. */
export const HANDOVER = { code: 'code-issued-to-this-browser', token: 'ya29.token-abcdefghijklmnop' } as const;

/** The gateway's answer to POST /api/auth/handover: HANDOVER.code once, anything else 400 `invalid_grant`. */
function handoverAnswers(): (code: unknown) => { status: number; body: unknown } {
  let used = false;
  return (code) => {
    if (code !== HANDOVER.code || used) return { status: 400, body: { error: 'refused', code: 'invalid_grant' } };
    used = true;
    return { status: 200, body: { access_token: HANDOVER.token, token_type: 'Bearer', expires_in: 3599 } };
  };
}

/** A browser stand-in: storages, cookies, location, navigation spies, a scripted /api/me and hand-over. */
export function testEnv(
  url = '/',
  me: { status: number; body?: unknown } | (() => { status: number; body?: unknown }) = {
    status: 200,
    body: { sub: '1001', email: 'alice@example.com' },
  },
): TestEnv {
  const u = new URL(url, 'http://localhost');
  const loc = { pathname: u.pathname, search: u.search, hash: u.hash };
  const cookieJar = { value: '' };
  const events = new EventTarget();
  const emitted: string[] = [];
  for (const type of ['ferry:auth-ready', 'ferry:auth-changed'])
    events.addEventListener(type, () => emitted.push(type));
  const vis = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const handover = handoverAnswers();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/auth/handover' && init?.method === 'POST') {
      const answer = handover((JSON.parse(String(init.body)) as { code?: unknown }).code);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    if (path === '/api/me') {
      const answer = typeof me === 'function' ? me() : me;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }
    return new Response(null, { status: 204 });
  });
  const replaceUrl = vi.fn<(path: string) => void>((path: string) => {
    const next = new URL(path, 'http://localhost');
    Object.assign(loc, { pathname: next.pathname, search: next.search, hash: next.hash });
  });
  const navigate = vi.fn<(path: string) => void>((path: string) => replaceUrl(path));
  return {
    local: new MemoryStorage(),
    session: new MemoryStorage(),
    cookies: () => cookieJar.value,
    location: () => loc,
    replaceUrl,
    navigate,
    assign: vi.fn<(url: string) => void>(),
    openPopup: vi.fn<(url: string) => { close: Mock<() => void> } | null>(() => ({ close: vi.fn<() => void>() })),
    closeWindow: vi.fn<() => void>(),
    fetch: fetchMock as unknown as TestEnv['fetch'],
    events,
    visibility: vis,
    vis,
    now: () => Date.now(),
    loc,
    cookieJar,
    emitted,
  };
}

/** Lets pending promise callbacks (fetch answers) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}
