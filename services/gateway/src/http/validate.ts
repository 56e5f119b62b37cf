import type { z } from 'zod';
import type { ErrorCode } from '@ferry/http-contract';
import { HttpError } from './errors.js';

/** Parses one part of a request with its contract schema; the first problem is the 400 (`invalid_argument` unless given). */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ErrorCode = 'invalid_argument',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, code, result.error.issues[0]?.message ?? 'Invalid request');
}

/** A JSON body as an object: anything else (no body, an array, text) reads as no fields. */
export function bodyObject(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
