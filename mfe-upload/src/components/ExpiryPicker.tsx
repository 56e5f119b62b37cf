import { EXPIRY_CHOICES_DAYS, type ExpiryChoiceDays, formatCountdown, isExpiryChoice, DAY_MS } from '@ferry/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** A link life in the page's language, in words ('3 days', '3 Tage', '3 أيام'): the countdown's own formatter. */
export function expiryWords(days: ExpiryChoiceDays, language: string): string {
  return formatCountdown(days * DAY_MS, language, 'words');
}

export interface ExpiryPickerProps {
  days: ExpiryChoiceDays;
  disabled: boolean;
  onChange(days: ExpiryChoiceDays): void;
}

/** "Link expires after [7 days]": the link life of the next upload (issue 21), 1, 3, 7 or 14 days. */
export function ExpiryPicker({ days, disabled, onChange }: ExpiryPickerProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const id = useId();
  return (
    <p className="expiry-picker">
      <label htmlFor={id}>{t('expiry.label')}</label>
      <select
        id={id}
        data-testid="expiry-choice"
        value={days}
        disabled={disabled}
        onChange={(e) => {
          const next = Number(e.target.value);
          if (isExpiryChoice(next)) onChange(next);
        }}
      >
        {EXPIRY_CHOICES_DAYS.map((d) => (
          <option key={d} value={d}>
            {expiryWords(d, i18n.language)}
          </option>
        ))}
      </select>
    </p>
  );
}
