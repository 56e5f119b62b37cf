import { DEBUG_LOG_CAP, KEYS, MIN_TOKEN_LENGTH, SESSION_COOKIE_NAMES } from './constants';
import type { AuthUser } from './profile';

export interface StoredToken {
  token: string;
  /** Epoch ms when the token was stored. */
  at: number;
}

function get(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
function set(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // storage full or blocked: the session then lives only in memory for this page
  }
}
function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // blocked storage
  }
}

const TOKEN_KEYS = [KEYS.token, ...KEYS.tokenAliases];
const TOKEN_AT_KEYS = [KEYS.tokenAt, ...KEYS.tokenAtAliases];

/**
 * The session in web storage (spec §3): token and timestamp under the primary keys and the
 * aliases, in local and session storage. Reads take the primary key first, local storage first.
 */
export class SessionStore {
  constructor(
    readonly local: Storage,
    readonly session: Storage,
  ) {}

  /** The stored token and its time, or undefined; a token shorter than 11 characters is ignored. */
  readToken(): StoredToken | undefined {
    for (const storage of [this.local, this.session]) {
      for (let i = 0; i < TOKEN_KEYS.length; i++) {
        const token = get(storage, TOKEN_KEYS[i]!);
        if (!token || token.length < MIN_TOKEN_LENGTH) continue;
        const at = Number(get(storage, TOKEN_AT_KEYS[i]!) ?? get(storage, KEYS.tokenAt));
        return { token, at: Number.isFinite(at) && at > 0 ? at : 0 };
      }
    }
    return undefined;
  }

  writeToken(token: string, at: number): void {
    for (const storage of [this.local, this.session]) {
      for (const key of TOKEN_KEYS) set(storage, key, token);
      for (const key of TOKEN_AT_KEYS) set(storage, key, String(at));
    }
  }

  clearToken(): void {
    for (const storage of [this.local, this.session])
      for (const key of [...TOKEN_KEYS, ...TOKEN_AT_KEYS]) remove(storage, key);
  }

  writeUser(user: AuthUser): void {
    set(this.local, KEYS.userEmail, user.email);
    set(this.session, KEYS.lastUser, JSON.stringify({ id: user.id, email: user.email }));
  }

  readLastUser(): { id: string; email: string } | undefined {
    try {
      const v = JSON.parse(get(this.session, KEYS.lastUser) ?? 'null') as { id?: unknown; email?: unknown } | null;
      return v && typeof v.id === 'string' && typeof v.email === 'string' ? { id: v.id, email: v.email } : undefined;
    } catch {
      return undefined;
    }
  }

  clearUser(): void {
    remove(this.local, KEYS.userEmail);
    remove(this.session, KEYS.lastUser);
  }

  readReturnPath(): string | null {
    return get(this.session, KEYS.returnPath) ?? get(this.local, KEYS.returnPath);
  }
  writeReturnPath(path: string): void {
    set(this.session, KEYS.returnPath, path);
    set(this.local, KEYS.returnPath, path);
  }
  clearReturnPath(): void {
    remove(this.session, KEYS.returnPath);
    remove(this.local, KEYS.returnPath);
  }

  getNumber(storage: 'local' | 'session', key: string): number {
    const n = Number(get(storage === 'local' ? this.local : this.session, key));
    return Number.isFinite(n) ? n : 0;
  }
  setValue(storage: 'local' | 'session', key: string, value: string): void {
    set(storage === 'local' ? this.local : this.session, key, value);
  }
  getValue(storage: 'local' | 'session', key: string): string | null {
    return get(storage === 'local' ? this.local : this.session, key);
  }
  removeValue(storage: 'local' | 'session', key: string): void {
    remove(storage === 'local' ? this.local : this.session, key);
  }

  /** Appends to the capped debug log when the debug flag is on. Never pass a token here. */
  debug(message: string, at: number): void {
    if (get(this.local, KEYS.debug) !== '1') return;
    let log: { at: number; message: string }[];
    try {
      log = JSON.parse(get(this.local, KEYS.debugLog) ?? '[]') as { at: number; message: string }[];
      if (!Array.isArray(log)) log = [];
    } catch {
      log = [];
    }
    log.push({ at, message });
    set(this.local, KEYS.debugLog, JSON.stringify(log.slice(-DEBUG_LOG_CAP)));
  }
}

/** Whether a cookie named session, auth or user is present (they count as a session, spec §4). */
export function hasSessionCookie(cookieHeader: string): boolean {
  return cookieHeader
    .split(';')
    .map((c) => c.split('=')[0]!.trim().toLowerCase())
    .some((name) => (SESSION_COOKIE_NAMES as readonly string[]).includes(name));
}
