import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** Shows FERRY_BUILD_LABEL when the build set one, so two builds of this remote can be told apart. */
export function BuildLabel({ label = process.env.FERRY_BUILD_LABEL }: { label?: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (!label) return null;
  return (
    <p className="build-label" data-build-label={label}>
      {t('buildLabel', { label })}
    </p>
  );
}
