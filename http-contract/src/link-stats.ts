import { z } from 'zod';
import { isoTime } from './fields.js';

/** GET /api/links/{slug}/stats: the owner's days are counted in this IANA time zone. */
export const LinkStatsQuery = z.object({
  tz: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/)
    .describe('The owner’s IANA time zone, e.g. Europe/Amsterdam (the browser’s); default UTC')
    .optional(),
});
export type LinkStatsQuery = z.input<typeof LinkStatsQuery>;

export const LinkStatsResponse = z.strictObject({
  slug: z.string(),
  timeZone: z.string(),
  total: z.number().int().nonnegative().describe('Every download of the link, also before daily counts were kept'),
  days: z
    .array(z.strictObject({ date: z.iso.date(), downloads: z.number().int().positive() }))
    .describe('Days with downloads in timeZone, oldest first'),
  firstDownloadedAt: isoTime.nullable(),
  lastDownloadedAt: isoTime.nullable(),
  files: z
    .array(
      z.strictObject({
        index: z.number().int().positive(),
        name: z.string(),
        size: z.number().int().nonnegative(),
        downloads: z.number().int().nonnegative(),
      }),
    )
    .optional()
    .describe('A transfer: each file’s own downloads (each also counts in total)'),
});
export type LinkStatsResponse = z.infer<typeof LinkStatsResponse>;
