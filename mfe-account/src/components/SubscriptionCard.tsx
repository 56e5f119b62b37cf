import { useTranslation } from 'react-i18next';
import { Button, Notice, StatusBadge, type BadgeTone } from '@ferry/shell-sdk/ui';
import type { AccessStatus } from '../api/billing-api';
import { badgeOf, remainingShare, type Badge } from '../domain/plan';
import { NAMESPACE } from '../i18n';

export interface SubscriptionCardProps {
  status: AccessStatus;
  language: string;
  cancelling: boolean;
  /** Cancelled in this visit or before (cancelled_at set): no cancel button, the cancelled text. */
  cancelled: boolean;
  cancelError: boolean;
  onCancel(): void;
}

function formatDate(iso: string | null, language: string): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(d);
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

const BADGE_TONES: Record<Badge, BadgeTone> = { trial: 'info', annual: 'success', monthly: 'success', expired: 'danger' };

/** The loaded state: badge, days remaining, progress bar, renewal or end date, cancel. */
export function SubscriptionCard({ status, language, cancelling, cancelled, cancelError, onCancel }: SubscriptionCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const badge = badgeOf(status);
  const expired = badge === 'expired';
  const date = formatDate(status.paid_until, language);
  const share = remainingShare(status);
  const dateKey = expired ? 'endedOn' : cancelled || badge === 'trial' ? 'endsOn' : 'renewsOn';

  return (
    <section className="account-subscription" aria-label={t('subscription')}>
      <p>
        <StatusBadge tone={BADGE_TONES[badge]} data-testid="subscription-badge">
          {t(`badge.${badge}`)}
        </StatusBadge>
      </p>
      {!expired && (
        <p className="account-days" data-testid="days-remaining">
          {t('daysRemaining', { count: status.remaining_days })}
        </p>
      )}
      <div
        className="account-progress"
        role="progressbar"
        aria-label={t('progressLabel')}
        aria-valuemin={0}
        aria-valuemax={status.total_days}
        aria-valuenow={expired ? 0 : status.remaining_days}
      >
        <div className="account-progress__bar" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      {date && (
        <p className="account-date" data-testid="period-date">
          {t(dateKey, { date })}
        </p>
      )}
      {cancelled && <Notice tone="success">{t('cancelled')}</Notice>}
      {cancelError && <Notice tone="error">{t('cancelFailed')}</Notice>}
      {!expired && !cancelled && (
        <Button className="account-cancel" onClick={onCancel} busy={cancelling}>
          {cancelling ? t('cancelling') : t('cancel')}
        </Button>
      )}
    </section>
  );
}
