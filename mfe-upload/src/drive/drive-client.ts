import { FOLDER_MIME } from '../upload/constants';

/** The file fields Ferry reads (spec §7 listing fields). */
export interface DriveFile {
  id: string;
  name: string;
  mimeType?: string;
  createdTime?: string;
  size?: string;
  quotaBytesUsed?: string;
  parents?: string[];
  appProperties?: Record<string, string>;
  webViewLink?: string;
  webContentLink?: string;
}

export const FILE_FIELDS =
  'id,name,mimeType,createdTime,quotaBytesUsed,size,appProperties,parents,webViewLink,webContentLink';

/** A Drive answer other than 2xx (Google's error shape: `error.errors[0].reason`). */
export class DriveError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'DriveError';
  }
  get isAuth(): boolean {
    return this.status === 401;
  }
  get isRateLimit(): boolean {
    return this.status === 429 || (this.status === 403 && /rateLimitExceeded|userRateLimitExceeded/.test(this.reason));
  }
  get isQuota(): boolean {
    return this.status === 403 && this.reason === 'storageQuotaExceeded';
  }
}

export interface DriveClientOptions {
  /** https://www.googleapis.com, or the stand-in's origin. */
  rootUrl: string;
  getToken(): string | null;
  fetch?: typeof fetch;
}

async function errorFrom(res: Response): Promise<DriveError> {
  let reason = '';
  let message = `Drive answered ${res.status}`;
  try {
    const body = (await res.json()) as {
      error?: { message?: string; errors?: { reason?: string }[]; status?: string };
    };
    reason = body.error?.errors?.[0]?.reason ?? body.error?.status ?? '';
    if (body.error?.message) message = body.error.message;
  } catch {
    // not JSON
  }
  return new DriveError(res.status, reason, message);
}

/** Drive v3 calls of spec §7 with the bearer token; non-2xx answers throw DriveError carrying the status. */
export class DriveClient {
  private readonly root: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: DriveClientOptions) {
    this.root = options.rootUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  url(path: string, query: Record<string, string | number | undefined> = {}): string {
    const u = new URL(`${this.root}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.href;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const token = this.options.getToken();
    return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
  }

  async json<T>(
    method: string,
    path: string,
    query: Record<string, string | number | undefined> = {},
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const res = await this.fetchImpl(this.url(path, query), {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    if (!res.ok) throw await errorFrom(res);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The tagged root folder (pageSize 1), else one with the given name. */
  async findFolder(query: string): Promise<DriveFile | undefined> {
    const r = await this.json<{ files?: DriveFile[] }>('GET', '/drive/v3/files', {
      q: query,
      pageSize: 1,
      fields: `files(${FILE_FIELDS})`,
      spaces: 'drive',
    });
    return r.files?.[0];
  }

  createFolder(name: string, parents: string[] | undefined, appProperties: Record<string, string>): Promise<DriveFile> {
    return this.json<DriveFile>(
      'POST',
      '/drive/v3/files',
      { fields: FILE_FIELDS },
      { name, mimeType: FOLDER_MIME, ...(parents ? { parents } : {}), appProperties },
    );
  }

  patch(id: string, metadata: { appProperties?: Record<string, string | null>; name?: string }): Promise<DriveFile> {
    return this.json<DriveFile>(
      'PATCH',
      `/drive/v3/files/${encodeURIComponent(id)}`,
      { fields: FILE_FIELDS },
      metadata,
    );
  }

  delete(id: string): Promise<void> {
    return this.json<void>('DELETE', `/drive/v3/files/${encodeURIComponent(id)}`);
  }

  /** Deletes every "anyone with the link" permission: the file stops being public at once. */
  async revokePublic(id: string): Promise<void> {
    const file = encodeURIComponent(id);
    const { permissions = [] } = await this.json<{ permissions?: Array<{ id?: string; type?: string }> }>(
      'GET',
      `/drive/v3/files/${file}/permissions`,
      { fields: 'permissions(id,type)' },
    );
    for (const p of permissions) {
      if (p.type === 'anyone' && p.id)
        await this.json<void>('DELETE', `/drive/v3/files/${file}/permissions/${encodeURIComponent(p.id)}`);
    }
  }

  /** Moves the file to the owner's trash (recoverable there for 30 days); never a permanent delete. */
  trash(id: string): Promise<DriveFile> {
    return this.json<DriveFile>(
      'PATCH',
      `/drive/v3/files/${encodeURIComponent(id)}`,
      { fields: FILE_FIELDS },
      { trashed: true },
    );
  }

  get(id: string): Promise<DriveFile> {
    return this.json<DriveFile>('GET', `/drive/v3/files/${encodeURIComponent(id)}`, { fields: FILE_FIELDS });
  }

  /** storageQuota (limit, usage) and user e-mail. */
  about(): Promise<{ storageQuota?: { limit?: string; usage?: string }; user?: { emailAddress?: string } }> {
    return this.json('GET', '/drive/v3/about', { fields: 'storageQuota(limit,usage),user(emailAddress)' });
  }

  /** One listing page of a folder's children (not trashed), newest first. */
  list(parentId: string, pageToken?: string, pageSize = 100): Promise<{ files?: DriveFile[]; nextPageToken?: string }> {
    return this.json('GET', '/drive/v3/files', {
      q: `'${parentId.replace(/'/g, "\\'")}' in parents and trashed = false`,
      pageSize,
      pageToken,
      orderBy: 'createdTime desc',
      fields: `nextPageToken,files(${FILE_FIELDS})`,
      spaces: 'drive',
    });
  }

  /** Anyone with the link may read (spec §6). */
  shareWithAnyone(id: string): Promise<unknown> {
    return this.json(
      'POST',
      `/drive/v3/files/${encodeURIComponent(id)}/permissions`,
      {},
      { role: 'reader', type: 'anyone' },
    );
  }

  /**
   * Opens a resumable upload session; the session URL comes in the Location header. Throws
   * DriveError on a non-2xx answer (403 storageQuotaExceeded when the size does not fit).
   */
  async startResumable(
    metadata: { name: string; parents: string[]; mimeType?: string; appProperties?: Record<string, string> },
    size: number,
    signal?: AbortSignal,
  ): Promise<string> {
    const res = await this.fetchImpl(
      this.url('/upload/drive/v3/files', { uploadType: 'resumable', fields: FILE_FIELDS }),
      {
        method: 'POST',
        headers: this.headers({
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-type': metadata.mimeType || 'application/octet-stream',
          'x-upload-content-length': String(size),
        }),
        body: JSON.stringify(metadata),
        signal,
      },
    );
    if (!res.ok) throw await errorFrom(res);
    const location = res.headers.get('location');
    if (!location) throw new DriveError(res.status, 'noLocation', 'Failed to get resumable upload URL');
    return location;
  }
}

/** Escapes a value for a Drive `q` string literal. */
export function qString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
