import { parseArgs } from 'node:util';
import {
  chosenExpiry,
  DAY_MS,
  DEFAULT_VALIDITY_DAYS,
  isMailAddress,
  MAX_LINK_LIFE_DAYS,
  normalizeAddress,
} from '@ferry/rules';

export interface SendArgs {
  paths: string[];
  /** How long the link lives, in ms. */
  validityMs?: number;
  /** Ask for a password and protect the link with it. */
  password: boolean;
  /** Mail the link to these recipients. */
  emails: string[];
  /** Forget the stored sign-in and sign in again. */
  signOut: boolean;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: ferry-send FILE|FOLDER… [--expires 3d] [--password] [--email a@b.c]…
       ferry-send --sign-out

  --expires DURATION  how long the link lives: 1h to ${MAX_LINK_LIFE_DAYS}d (hours "h" or days "d"; default ${DEFAULT_VALIDITY_DAYS}d)
  --password          protect the link with a password (asked on the terminal, or read from stdin)
  --email ADDRESS     mail the link to this address (repeat for more recipients)
  --sign-out          forget the stored sign-in
  -h, --help          this text`;

const HOUR_MS = 3_600_000;

/**
 * "3d", "12h": a link life the link-life rule accepts (the one the link service applies): after now
 * and not past the 30-day cap. Whole hours, so the shortest is 1h.
 */
export function parseDuration(value: string): number {
  const m = /^(\d{1,4})([hd])$/.exec(value.trim().toLowerCase());
  if (!m) throw new UsageError(`--expires: "${value}" is not a duration like 3d or 12h`);
  const ms = Number(m[1]) * (m[2] === 'd' ? DAY_MS : HOUR_MS);
  if (!chosenExpiry(0, ms).ok) throw new UsageError(`--expires: a link lives between 1h and ${MAX_LINK_LIFE_DAYS}d`);
  return ms;
}

export function parseSendArgs(argv: readonly string[]): SendArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const out: SendArgs = {
    paths: positionals,
    password: values.password ?? false,
    emails: (values.email ?? []).map((e) => {
      const address = normalizeAddress(e);
      if (!isMailAddress(address)) throw new UsageError(`--email: "${e}" is not an e-mail address`);
      return address;
    }),
    signOut: values['sign-out'] ?? false,
    help: values.help ?? false,
  };
  if (values.expires !== undefined) out.validityMs = parseDuration(values.expires);
  if (!out.help && !out.signOut && out.paths.length === 0) throw new UsageError('Name at least one file or folder.');
  return out;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      expires: { type: 'string' },
      password: { type: 'boolean' },
      email: { type: 'string', multiple: true },
      'sign-out': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
