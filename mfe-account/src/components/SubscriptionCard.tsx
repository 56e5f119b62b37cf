import { useTranslation } from 'react-i18next';
import { Button, StatusBadge, type BadgeTone } from '@ferry/shell-sdk/ui';
import type { AccessStatus } from '../api/billing-api';
import { formatDate } from '../domain/format';
import { badgeOf, canCancel, daysRemaining, planBadgeOf, remainingShare, type Badge } from '../domain/plan';
import { NAMESPACE } from '../i18n';

/** The action running on the page, if any: its button shows busy, the others wait. */
export type AccountAction = 'cancel' | 'resume' | 'portal' | 'checkout' | null;

export interface SubscriptionCardProps {
  status: AccessStatus;
  language: string;
  busy: AccountAction;
  onCancel(): void;
  onResume(): void;
  onPortal(): void;
}

const BADGE_TONES: Record<Badge, BadgeTone> = {
  trial: 'info',
  annual: 'success',
  monthly: 'success',
  expired: 'danger',
};

/** The loaded state: badge, days remaining, progress bar, the dates of the state, and its actions. */
export function SubscriptionCard({ status, language, busy, onCancel, onResume, onPortal }: SubscriptionCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const badge = badgeOf(status);
  const expired = badge === 'expired';
  const paidPlan = planBadgeOf(status) !== 'trial';
  const days = daysRemaining(status, Date.now());
  const share = remainingShare(status, days);
  const until = formatDate(status.paid_until, language);
  const startsOn = formatDate(status.starts_at ?? status.paid_until, language);
  const graceUntil = formatDate(status.grace_until ?? status.paid_until, language);

  let dateLine: string | undefined;
  if (expired) dateLine = until && t('endedOn', { date: until });
  else if (status.state === 'scheduled') dateLine = startsOn && t('startsOn', { date: startsOn });
  else if (status.state === 'cancelled') dateLine = until && t('cancelledUntil', { date: until });
  else if (status.state === 'trial') dateLine = until && t('endsOn', { date: until });
  else if (status.state === 'active') dateLine = until && t('renewsOn', { date: until });

  return (
    <section className="account-subscription" aria-label={t('subscription')}>
      <p className="account-badges">
        <StatusBadge tone={BADGE_TONES[badge]} data-testid="subscription-badge">
          {t(`badge.${badge}`)}
        </StatusBadge>
        {status.state === 'past_due' && !expired && (
          <StatusBadge tone="danger" data-testid="payment-failed-badge">
            {t('badge.pastDue')}
          </StatusBadge>
        )}
      </p>
      {!expired && (
        <p className="account-days" data-testid="days-remaining">
          {t('daysRemaining', { count: days })}
        </p>
      )}
      <div
        className="account-progress"
        role="progressbar"
        aria-label={t('progressLabel')}
        aria-valuemin={0}
        aria-valuemax={status.total_days}
        aria-valuenow={expired ? 0 : days}
      >
        <div className="account-progress__bar" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      {dateLine && (
        <p className="account-date" data-testid="period-date">
          {dateLine}
        </p>
      )}
      {status.state === 'past_due' && !expired && (
        <p className="account-past-due" data-testid="past-due">
          {graceUntil ? t('pastDue', { date: graceUntil }) : t('pastDueNoDate')}
        </p>
      )}
      {paidPlan && (
        <p className="account-vat" data-testid="vat-line">
          {t('vatLine')}
        </p>
      )}
      <div className="account-actions">
        {status.state === 'past_due' && !expired && (
          <Button variant="primary" onClick={onPortal} busy={busy === 'portal'} disabled={busy !== null}>
            {busy === 'portal' ? t('opening') : t('updatePayment')}
          </Button>
        )}
        {status.state === 'cancelled' && !expired && (
          <Button variant="primary" onClick={onResume} busy={busy === 'resume'} disabled={busy !== null}>
            {busy === 'resume' ? t('resuming') : t('resume')}
          </Button>
        )}
        {paidPlan && status.state !== 'past_due' && (
          <Button onClick={onPortal} busy={busy === 'portal'} disabled={busy !== null}>
            {busy === 'portal' ? t('opening') : t('manageBilling')}
          </Button>
        )}
        {paidPlan && (
          <Button variant="quiet" onClick={onPortal} disabled={busy !== null} data-testid="invoices">
            {t('invoices')}
          </Button>
        )}
        {!expired && canCancel(status) && (
          <Button
            className="account-cancel"
            onClick={onCancel}
            busy={busy === 'cancel'}
            disabled={busy !== null && busy !== 'cancel'}
          >
            {busy === 'cancel' ? t('cancelling') : t('cancel')}
          </Button>
        )}
      </div>
    </section>
  );
}
