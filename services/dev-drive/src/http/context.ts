import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Principal } from '../auth.js';
import { applyMask, FieldMaskError, parseFields, validateMask, type Schema } from '../domain/fields.js';
import { DriveError, errors } from './errors.js';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  query: URLSearchParams;
  params: Record<string, string>;
  /** The request body; fault injection may substitute a stream that cuts the connection. */
  body: Readable;
  /** Origin (scheme://host[:port]) as the client sees this server; used for Location and links. */
  origin: string;
  principal(): Promise<Principal>;
}

export function sendJson(
  ctx: RequestContext,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const pretty = ctx.query.get('prettyPrint') !== 'false';
  const body = JSON.stringify(value, null, pretty ? 2 : undefined);
  ctx.res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  ctx.res.end(body);
}

export function sendError(req: IncomingMessage, res: ServerResponse, err: DriveError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(err.toJSON(), null, 2);
  res.writeHead(err.status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
    ...err.headers,
  });
  res.end(body);
  // Let a client still sending a body finish (or be cut) without keeping a broken keep-alive stream.
  if (!req.complete) req.resume();
}

/** Filters `value` by the request's `fields` (or `defaultFields`) against `schema`. */
export function selectFields(ctx: RequestContext, value: unknown, schema: Schema, defaultFields: string): unknown {
  const fields = ctx.query.get('fields') ?? defaultFields;
  try {
    const mask = parseFields(fields);
    validateMask(mask, schema, fields);
    return applyMask(value, mask);
  } catch (e) {
    if (e instanceof FieldMaskError) throw errors.invalidParam('fields', e.message);
    throw e;
  }
}

export function requireFields(ctx: RequestContext): void {
  if (!ctx.query.get('fields')) throw errors.badRequest("The 'fields' parameter is required for this method.");
}

export async function readJsonBody(body: Readable, limit = 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) throw errors.badRequest('Request body too large.');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new DriveError(400, 'parseError', 'Parse Error');
  }
}
