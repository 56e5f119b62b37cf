import { DEFAULT_VALIDITY_DAYS, type ExpiryChoiceDays, isExpiryChoice } from '@ferry/rules';

/**
 * The sender's default link life (issue 21), remembered per signed-in account in this browser's
 * local storage: a preference of the screen, not data of the account, so it needs no table, RPC or
 * place in the data export. Unknown, malformed or no-longer-offered values read as the 7-day default.
 */
const KEY_PREFIX = 'ferry_link_days:';

function keyOf(email: string): string {
  return KEY_PREFIX + email.trim().toLowerCase();
}

export function readExpiryDefault(storage: Pick<Storage, 'getItem'> | undefined, email: string): ExpiryChoiceDays {
  try {
    const days = Number(storage?.getItem(keyOf(email)));
    return isExpiryChoice(days) ? days : DEFAULT_VALIDITY_DAYS;
  } catch {
    return DEFAULT_VALIDITY_DAYS;
  }
}

export function rememberExpiryDefault(
  storage: Pick<Storage, 'setItem'> | undefined,
  email: string,
  days: ExpiryChoiceDays,
): void {
  try {
    storage?.setItem(keyOf(email), String(days));
  } catch {
    // Storage full or blocked: the choice still applies to this upload.
  }
}
