import { useTranslation } from 'react-i18next';
import { normaliseLanguage, useShell, type LanguageCode } from '@ferry/shell-sdk';

export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const shell = useShell();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        name="language"
        aria-label={t('language.label')}
        value={shell.language}
        onChange={(event) => void shell.changeLanguage(normaliseLanguage(event.target.value) as LanguageCode)}
      >
        {shell.languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
