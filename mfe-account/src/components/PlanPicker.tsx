import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice, Skeleton, StatusBadge } from '@ferry/shell-sdk/ui';
import type { PaidPlan, PlanPrice } from '../api/billing-api';
import { formatPrice } from '../domain/format';
import { NAMESPACE } from '../i18n';

export type PlansLoad = { kind: 'loading' } | { kind: 'error' } | { kind: 'loaded'; plans: PlanPrice[] };

export interface PlanPickerProps {
  plans: PlansLoad;
  language: string;
  /** The plan whose Checkout is being opened; every choose button waits meanwhile. */
  choosing: PaidPlan | null;
  /** Another action runs: the buttons wait. */
  disabled: boolean;
  /** The trial or plan has ended: a plan starts at once (no trial left to wait for). */
  ended: boolean;
  onChoose(plan: PaidPlan): void;
}

/** The paid plans with their prices from the billing service (never hard-coded), yearly marked best value. */
export function PlanPicker({ plans, language, choosing, disabled, ended, onChoose }: PlanPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  let body: ReactNode;
  if (plans.kind === 'loading') body = <Skeleton label={t('plans.loading')} />;
  else if (plans.kind === 'error' || plans.plans.length === 0)
    body = <Notice tone="error">{t('plans.loadError')}</Notice>;
  else
    body = (
      <ul className="account-plans__list">
        {plans.plans.map((p) => (
          <li
            key={p.plan}
            className={`account-plan${p.best_value ? ' account-plan--best' : ''}`}
            data-testid={`plan-${p.plan}`}
          >
            <div className="account-plan__head">
              <h3 className="account-plan__name">{t(`plans.${p.plan}`)}</h3>
              {p.best_value && <StatusBadge tone="success">{t('plans.bestValue')}</StatusBadge>}
            </div>
            <p className="account-plan__price" data-testid="plan-price">
              {t(p.interval === 'year' ? 'plans.perYear' : 'plans.perMonth', { price: formatPrice(p, language) })}
            </p>
            <p className="account-plan__vat" data-testid="plan-vat">
              {t('plans.inclVat')}
            </p>
            <Button
              variant={p.best_value ? 'primary' : 'secondary'}
              onClick={() => onChoose(p.plan)}
              busy={choosing === p.plan}
              disabled={disabled || (choosing !== null && choosing !== p.plan)}
              aria-label={t('plans.chooseNamed', { plan: t(`plans.${p.plan}`) })}
            >
              {choosing === p.plan ? t('plans.choosing') : t('plans.choose')}
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="account-plans" aria-labelledby="account-plans-title">
      <h2 id="account-plans-title">{t('plans.title')}</h2>
      <p className="account-plans__intro">{t(ended ? 'plans.introEnded' : 'plans.intro')}</p>
      {body}
      {plans.kind === 'loaded' && plans.plans.length > 0 && (
        <p className="account-plans__vat" data-testid="plans-vat-note">
          {t('plans.vatNote')}
        </p>
      )}
    </section>
  );
}
