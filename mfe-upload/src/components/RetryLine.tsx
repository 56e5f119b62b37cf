import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RetryState } from '../hooks/useUploader';
import { NAMESPACE } from '../i18n';

/** "Connection lost — retrying in 4 s (attempt 2 of 8)", counting down to the next attempt. */
export function RetryLine({ retry }: { retry: RetryState }) {
  const { t } = useTranslation(NAMESPACE);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.ceil((retry.at - now) / 1000);
  const values = { attempt: retry.attempt, max: retry.maxRetries, seconds };
  return (
    <p className="retry-line" data-testid="retry-line" data-attempt={retry.attempt}>
      {seconds > 0 ? t(`retry.${retry.kind}`, values) : t('retry.trying', values)}
    </p>
  );
}
