import { useTranslation } from 'react-i18next';
import { useOnline } from './online';

/**
 * Says so while the browser is offline, on every page. Part of the first bundle on purpose: a
 * component loaded on demand could not be fetched at the moment it is needed. The live region is
 * always present, so screen readers announce the message when it appears.
 */
export function ConnectionNotice() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="connection-region">
      {!online && (
        <p className="connection-notice" data-testid="offline-notice">
          {t('connection.offline')}
        </p>
      )}
    </div>
  );
}
