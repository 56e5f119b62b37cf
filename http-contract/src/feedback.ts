import { z } from 'zod';
import { text } from './fields.js';

/** POST /api/feedback: a visitor's message to the team (the feedback button on every page). */
export const FeedbackBody = z.object({
  message: text.describe('Required; at most 2,000 characters, no control characters but line breaks and tabs'),
  replyTo: text.describe('Optional: an e-mail address the team may answer'),
  page: text.describe('The page it was sent from (reduced to its counted path, no link code)'),
  language: text.describe('The page’s language'),
  requestId: text.describe('A UUID that makes a repeated send idempotent'),
});
export type FeedbackBody = z.input<typeof FeedbackBody>;
export type FeedbackInput = z.output<typeof FeedbackBody>;

export const FeedbackResponse = z.strictObject({ ok: z.literal(true), requestId: z.uuid() });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;

/**
 * POST /api/event: one page-view event of a Plausible-compatible tracker (sent as `text/plain`
 * JSON). The gateway forwards `n` (pageview or engagement), `u` reduced to its counted path and
 * `lng`, `r` reduced to an outside origin, and the engagement numbers; nothing else.
 */
export const PageViewEvent = z.object({
  n: text.describe('Event name: pageview or engagement'),
  u: text.describe('The page URL'),
  d: text.describe('Ignored: the gateway names its configured domain'),
  r: z.string().nullable().optional().catch(undefined).describe('The referrer'),
  sd: z.number().optional().catch(undefined).describe('Engagement: scroll depth in percent'),
  e: z.number().optional().catch(undefined).describe('Engagement: time on the page in milliseconds'),
});
export type PageViewEvent = z.output<typeof PageViewEvent>;
