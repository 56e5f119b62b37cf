import { DEFAULT_VALIDITY_DAYS, type ExpiryChoiceDays } from '@ferry/rules';
import { useCallback, useEffect, useState } from 'react';
import { readExpiryDefault, rememberExpiryDefault } from '../upload/expiry-default';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The link life chosen for the next upload: the account's remembered default; a change is remembered. */
export function useExpiryChoice(email: string | undefined) {
  const [days, setDays] = useState<ExpiryChoiceDays>(() =>
    email ? readExpiryDefault(storage(), email) : DEFAULT_VALIDITY_DAYS,
  );
  useEffect(() => {
    if (email) setDays(readExpiryDefault(storage(), email));
  }, [email]);
  const choose = useCallback(
    (next: ExpiryChoiceDays) => {
      setDays(next);
      if (email) rememberExpiryDefault(storage(), email, next);
    },
    [email],
  );
  return { days, choose };
}
