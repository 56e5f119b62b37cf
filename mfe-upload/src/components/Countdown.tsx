import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '@ferry/rules';

/** The time left in the page's language ('6d 23h 59m 59s' in English), ticking every second. */
export function Countdown({ expiresAt }: { expiresAt: string }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  // <bdi>: the duration keeps its own order inside a right-to-left row.
  return <bdi data-testid="countdown">{formatCountdown(Date.parse(expiresAt) - now, i18n.language, 'full')}</bdi>;
}
