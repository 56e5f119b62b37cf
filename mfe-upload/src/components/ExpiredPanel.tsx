import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { NAMESPACE } from '../i18n';

export interface ExpiredPanelProps {
  /** Whose end it is: the wording says trial or plan. */
  plan: 'trial' | 'paid';
}

/** In place of the drop zone once the trial or plan has ended: what still works, and the way to the plans. */
export function ExpiredPanel({ plan }: ExpiredPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const shell = useShell();
  const onPlans = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    shell.navigate('/account');
  };
  return (
    <section className="upload-expired" aria-labelledby="upload-expired-title" data-testid="upload-expired">
      <h2 id="upload-expired-title">{t(plan === 'paid' ? 'expired.planTitle' : 'expired.trialTitle')}</h2>
      <p>{t('expired.body')}</p>
      <a className="ferry-ui-button ferry-ui-button--primary upload-expired__plans" href="/account" onClick={onPlans}>
        {t('expired.plans')}
      </a>
    </section>
  );
}
