import { z } from 'zod';
import { text } from './fields.js';

const Serving = z.enum(['SERVING', 'NOT_SERVING', 'UNREACHABLE']);

/** GET /api/health: the gateway and every backend's gRPC health. */
export const HealthReport = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  services: z.strictObject({
    gateway: z.enum(['SERVING', 'NOT_SERVING']),
    link: Serving,
    notification: Serving,
    billing: Serving,
  }),
});
export type HealthReport = z.infer<typeof HealthReport>;

/** GET /api/livez and /api/readyz. */
export const ProbeResponse = z.strictObject({ status: z.enum(['ok', 'draining']) });
export type ProbeResponse = z.infer<typeof ProbeResponse>;

/** GET /api/config: what the front end needs at run time and may know publicly. */
export const PublicConfig = z.strictObject({
  driveRootUrl: z.url().describe('Drive API root the browser uploads to'),
  uploadFolderThresholdBytes: z
    .number()
    .int()
    .positive()
    .describe('Multi-file sets of this many bytes or more upload as a folder'),
  analytics: z
    .strictObject({ domain: z.string().describe('The site as the analytics service knows it') })
    .optional()
    .describe('Present when page views are counted (POST /api/event); absent = off'),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/** GET /api/me: the verified identity of the bearer token. */
export const Me = z.strictObject({
  sub: z.string(),
  email: z.string(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
export type Me = z.infer<typeof Me>;

/** GET /api/auth/{provider}: `prompt=none` for the silent refresh, `next` the page to return to. */
export const SignInQuery = z.object({
  prompt: text.describe('"none": the silent refresh'),
  next: text.describe('A path on this site to return to'),
});

/** GET /api/auth/{provider}/callback: what the provider sends back. */
export const SignInCallbackQuery = z.object({ state: text, code: text, error: text, error_description: text });

/** POST /api/auth/handover: the one-time code the callback put in `/auth/callback#code=…`. */
export const HandoverBody = z.object({
  code: z
    .string({ error: 'code is required' })
    .min(1, 'code is required')
    .max(200, 'code is too long')
    .describe('The hand-over code from the fragment of /auth/callback'),
});
export type HandoverBody = z.input<typeof HandoverBody>;

/** POST /api/auth/handover: the access token of the sign-in that this browser started. */
export const HandoverResponse = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds the token lives'),
});
export type HandoverResponse = z.infer<typeof HandoverResponse>;
