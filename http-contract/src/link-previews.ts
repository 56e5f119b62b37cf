import { z } from 'zod';

/** GET /api/links/{slug}/thumbnail and /entries: a protected link's unlock token (from POST …/unlock). */
export const PreviewQuery = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .describe('A live unlock token of a password-protected link; previews do not consume it')
    .optional(),
  file: z
    .string()
    .regex(/^[1-9]\d{0,3}$/)
    .describe(
      'A transfer’s file number, 1 to its file count (ShareInfoResponse.files[].index); absent for a link to one file',
    )
    .optional(),
});
export type PreviewQuery = z.input<typeof PreviewQuery>;

/** Most entries one listing shows; `truncated` says there are more. */
export const MAX_LISTED_ENTRIES = 500;

export const ZipEntriesResponse = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        name: z
          .string()
          .describe('The path inside the archive, "/"-separated, as a name is shown: no control or bidi characters'),
        size: z.number().int().nonnegative().describe('Uncompressed bytes (Zip64 sizes above 4 GiB included)'),
        directory: z.boolean(),
      }),
    )
    .max(MAX_LISTED_ENTRIES)
    .describe('In the archive’s order, at most 500'),
  total: z.number().int().nonnegative().describe('Every entry of the archive'),
  truncated: z.boolean().describe('True when the archive has more entries than listed'),
});
export type ZipEntriesResponse = z.infer<typeof ZipEntriesResponse>;
