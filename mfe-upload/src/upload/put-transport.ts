import { UploadError } from './errors';

/** One PUT to a resumable session and what came back (the body only when the upload finished). */
export interface PutRequest {
  headers: Record<string, string>;
  body?: Blob | Uint8Array;
  signal: AbortSignal;
  /** Bytes of this request's body handed to the network so far (upload progress events). */
  onSent?(bytes: number): void;
}

export interface PutAnswer {
  status: number;
  /** The `Range` header of a 308. */
  range: string | null;
  /** The parsed JSON body of a 2xx, else undefined. */
  json?: unknown;
}

/** Sends one PUT; a lost connection rejects with UploadError('network'), an abort with 'canceled'. */
export type PutTransport = (url: string, req: PutRequest) => Promise<PutAnswer>;

const failure = (signal: AbortSignal) => new UploadError(signal.aborted ? 'canceled' : 'network');

/**
 * XMLHttpRequest: its `upload.onprogress` reports the body byte by byte. (Chromium streams a
 * `fetch` request body only over HTTP/2, so fetch cannot report upload progress over HTTP/1.1.)
 */
export const xhrTransport: PutTransport = (url, req) =>
  new Promise<PutAnswer>((resolve, reject) => {
    if (req.signal.aborted) return reject(new UploadError('canceled'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(req.headers)) xhr.setRequestHeader(k, v);
    const onAbort = () => xhr.abort();
    req.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => req.signal.removeEventListener('abort', onAbort);
    if (req.onSent && req.body) {
      const onSent = req.onSent;
      xhr.upload.onprogress = (e) => onSent(e.loaded);
    }
    xhr.onload = () => {
      done();
      let json: unknown;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          json = JSON.parse(xhr.responseText);
        } catch {
          json = undefined;
        }
      }
      resolve({ status: xhr.status, range: xhr.getResponseHeader('range'), json });
    };
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          done();
          reject(failure(req.signal));
        };
    xhr.send((req.body ?? null) as XMLHttpRequestBodyInit | null);
  });

/** The same over `fetch` (no byte progress: `onSent` hears the whole body once it was accepted). */
export function fetchTransport(f: typeof fetch): PutTransport {
  return async (url, req) => {
    let res: Response;
    try {
      res = await f(url, {
        method: 'PUT',
        headers: req.headers,
        body: req.body as BodyInit | undefined,
        signal: req.signal,
      });
    } catch {
      throw failure(req.signal);
    }
    if (req.body && res.status < 400) req.onSent?.(req.body instanceof Blob ? req.body.size : req.body.length);
    const json = res.ok ? await res.json().catch(() => undefined) : undefined;
    return { status: res.status, range: res.headers.get('range'), json };
  };
}

/** XHR in a browser, fetch elsewhere (Node tests). */
export const defaultTransport = (): PutTransport =>
  typeof XMLHttpRequest !== 'undefined' ? xhrTransport : fetchTransport((...a) => fetch(...a));
