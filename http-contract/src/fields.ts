import { z } from 'zod';

/**
 * A text field the API reads when it is a string and ignores otherwise (as it always has): typed
 * `string` in the contract, never a reason to refuse a request by itself.
 */
export const text = z.string().optional().catch(undefined);

/** A query flag: present (any value, e.g. `1`) or absent. */
export const flag = z.union([z.string(), z.array(z.string())]).optional();

/** The first non-empty string among a field and its aliases. */
export function firstOf(...values: Array<string | undefined>): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}

/** An instant in a request: an ISO 8601 string or epoch milliseconds; empty or absent means none. */
export function instant(name: string) {
  return z
    .union([z.string(), z.number(), z.null()], { error: `${name} must be an ISO date` })
    .optional()
    .transform((v, ctx): Date | undefined => {
      if (v === undefined || v === null || v === '') return undefined;
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.issues.push({ code: 'custom', message: `${name} must be an ISO date`, input: v });
        return z.NEVER;
      }
      return d;
    });
}

/** An instant in a response. */
export const isoTime = z.iso.datetime({ offset: true });
