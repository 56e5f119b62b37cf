import { useTranslation } from 'react-i18next';
import { UploadHeader } from '../components/UploadHeader';
import { NAMESPACE } from '../i18n';

/** The upload screen; drop zone, queue and the uploaded list arrive with the upload issue. */
export function UploadRoute() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <article className="upload-screen">
      <UploadHeader />
      <section aria-labelledby="uploaded-title">
        <h2 id="uploaded-title">{t('uploadedTitle')}</h2>
      </section>
    </article>
  );
}
