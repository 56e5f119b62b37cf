import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOW_HEADERS =
  'authorization, content-type, content-range, range, x-upload-content-type, x-upload-content-length, x-goog-api-client, x-goog-upload-protocol, x-goog-upload-command, x-goog-upload-offset';
const EXPOSE_HEADERS =
  'Location, Range, Content-Range, Content-Length, Content-Disposition, Content-Type, ETag, X-GUploader-UploadID, X-Goog-Upload-Status, X-Goog-Upload-URL';

/** Every response to a browser request reflects its Origin (GCS does the same for upload sessions). */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
}

/** Preflight for any path, including upload session URIs. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  applyCors(req, res);
  res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? ALLOW_HEADERS);
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204).end();
}
