import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One signed-in account at one identity provider. */
export interface StoredToken {
  issuer: string;
  clientId: string;
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  email?: string;
  name?: string;
}

const FILE = 'token.json';

function isStoredToken(v: unknown): v is StoredToken {
  const t = v as Partial<StoredToken> | null;
  return (
    !!t &&
    typeof t.issuer === 'string' &&
    typeof t.clientId === 'string' &&
    typeof t.accessToken === 'string' &&
    typeof t.expiresAt === 'number' &&
    (t.refreshToken === undefined || typeof t.refreshToken === 'string')
  );
}

/** The token file in the config folder: readable and writable by its owner only (0600). */
export class TokenStore {
  constructor(readonly dir: string) {}

  get path(): string {
    return join(this.dir, FILE);
  }

  /** The stored token for this provider and client; undefined when none, another's, or unreadable. */
  async load(issuer: string, clientId: string): Promise<StoredToken | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const t: unknown = JSON.parse(text);
      return isStoredToken(t) && t.issuer === issuer && t.clientId === clientId ? t : undefined;
    } catch {
      return undefined;
    }
  }

  async save(token: StoredToken): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFile(this.path, `${JSON.stringify(token, null, 2)}\n`, { mode: 0o600 });
    // The mode above applies only to a new file.
    await chmod(this.path, 0o600);
  }

  async clear(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
