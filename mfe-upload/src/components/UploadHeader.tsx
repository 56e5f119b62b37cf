import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useTouchScreen } from './use-touch-screen';

export function UploadHeader() {
  const { t } = useTranslation(NAMESPACE);
  // A touch screen is not asked to drop files: it has nothing to drag them with.
  const touch = useTouchScreen();
  return (
    <header className="upload-header">
      <h1>{t('title')}</h1>
      <p>{t(touch ? 'subtitleTouch' : 'subtitle')}</p>
    </header>
  );
}
