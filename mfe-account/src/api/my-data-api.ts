// Types only: the contract's schemas (zod) stay out of the browser bundle; answers are checked by hand below.
import type { AccountDeletionState, DeleteAccountBody } from '@ferry/http-contract';

export type { AccountDeletionState };

type Fetch = typeof fetch;

class MyDataApiError extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
  ) {
    super(`my data call failed with HTTP ${status}${code ? ` (${code})` : ''}`);
    this.name = 'MyDataApiError';
  }
}

async function errorFrom(res: Response): Promise<MyDataApiError> {
  const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
  return new MyDataApiError(res.status, typeof body?.code === 'string' ? body.code : undefined);
}

const STATES = new Set(['none', 'running', 'done']);

/** A deletion state as the page uses it; null when the answer is not one. */
function readDeletion(body: unknown): AccountDeletionState | null {
  const b = body as Partial<AccountDeletionState> | null;
  if (!b || typeof b.state !== 'string' || !STATES.has(b.state)) return null;
  return {
    state: b.state,
    step: typeof b.step === 'string' ? (b.step as AccountDeletionState['step']) : null,
    trashFiles: typeof b.trashFiles === 'boolean' ? b.trashFiles : null,
    requestedAt: typeof b.requestedAt === 'string' ? b.requestedAt : null,
    finishedAt: typeof b.finishedAt === 'string' ? b.finishedAt : null,
    retries: typeof b.retries === 'number' ? b.retries : 0,
  };
}

/** GET /api/me/export, DELETE /api/me and GET /api/me/deletion for the signed-in user. */
export class MyDataApi {
  private readonly f: Fetch;

  constructor(
    private readonly token: string,
    private readonly language: () => string,
    f?: Fetch,
  ) {
    this.f = f ?? ((...a) => fetch(...a));
  }

  private headers(json = false): HeadersInit {
    return { authorization: `Bearer ${this.token}`, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  /** The export as a file (Blob) and the name the gateway gave it. */
  async export(timeZone: string): Promise<{ blob: Blob; fileName: string }> {
    const res = await this.f(`/api/me/export?tz=${encodeURIComponent(timeZone)}`, { headers: this.headers() });
    if (!res.ok) throw await errorFrom(res);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await res.blob(), fileName: name ?? 'ferry-data.json' };
  }

  async deleteAccount(trashFiles: boolean): Promise<AccountDeletionState> {
    const body: DeleteAccountBody = { trashFiles, language: this.language() };
    const res = await this.f('/api/me', { method: 'DELETE', headers: this.headers(true), body: JSON.stringify(body) });
    if (!res.ok) throw await errorFrom(res);
    const state = readDeletion(await res.json());
    if (!state) throw new MyDataApiError(res.status, 'bad_answer');
    return state;
  }

  async deletion(signal?: AbortSignal): Promise<AccountDeletionState> {
    const res = await this.f('/api/me/deletion', { signal, headers: this.headers() });
    if (!res.ok) throw await errorFrom(res);
    const state = readDeletion(await res.json());
    if (!state) throw new MyDataApiError(res.status, 'bad_answer');
    return state;
  }
}
