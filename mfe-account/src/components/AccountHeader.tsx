import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

export function AccountHeader() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <header className="account-header">
      <h1>{t('title')}</h1>
      <p>{t('subtitle')}</p>
    </header>
  );
}
