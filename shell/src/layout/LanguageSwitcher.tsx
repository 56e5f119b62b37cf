import { useTranslation } from 'react-i18next';
import { normaliseLanguage, useShell, type LanguageCode } from '@ferry/shell-sdk';

export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const shell = useShell();
  // A page shown in a language the switcher does not offer (Hebrew, spec §2) still names that language
  // as the current choice, never the first option in the list.
  const options = shell.languages.includes(shell.language) ? shell.languages : [...shell.languages, shell.language];
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        name="language"
        aria-label={t('language.label')}
        value={shell.language}
        onChange={(event) => void shell.changeLanguage(normaliseLanguage(event.target.value) as LanguageCode)}
      >
        {options.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
