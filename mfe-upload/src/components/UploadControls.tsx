import { useTranslation } from 'react-i18next';
import { isolate } from '@ferry/shell-sdk/format';
import { LiveRegion, Notice } from '@ferry/shell-sdk/ui';
import type { RetryState, UploadFailure, UploadProgress } from '../hooks/useUploader';
import { NAMESPACE } from '../i18n';
import type { UploadErrorCode } from '../upload/errors';
import { displayPhase, type Phase } from '../upload/phase';
import { formatDuration, formatPercent, formatSize, formatSpeed } from '../upload/size-label';
import { Dots } from './Dots';
import { RetryLine } from './RetryLine';

export interface UploadControlsProps {
  count: number;
  canStart: boolean;
  busy: boolean;
  phase: Phase;
  progress: UploadProgress;
  error: (Pick<UploadFailure, 'code' | 'status'> & { detail?: string }) | null;
  retry?: RetryState | null;
  /** Confirmed bytes a resumed upload started from. */
  resumedFrom?: number | null;
  reloginWaiting: boolean;
  onStart(): void;
  onCancel(): void;
  onRelogin(): void;
}

/** What to do after an error, by its kind (the §8 message itself says what happened). */
const HELP: Partial<Record<UploadErrorCode, 'network' | 'server'>> = {
  network: 'network',
  status: 'server',
  failed: 'server',
  sessionUrl: 'server',
};

/** Upload button, cancel, phase with dots, zip percent, big percentage, speed and size, bar, retries, errors. */
export function UploadControls(p: UploadControlsProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const shown = displayPhase(p.phase, p.progress.percent);
  // Screen readers hear the phase and each quarter of the upload, not every percent and speed tick.
  const quarter = Math.floor(p.progress.percent / 25) / 4;
  const milestone = p.busy
    ? shown === 'uploading'
      ? `${t('phase.uploading')} ${new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(quarter)}`
      : t(`phase.${shown}`)
    : '';
  const help = p.error ? HELP[p.error.code] : undefined;
  return (
    <section className="upload-controls">
      <LiveRegion message={milestone} />
      <div className="dropzone-actions">
        <button
          type="button"
          className="primary"
          disabled={!p.canStart}
          onClick={p.onStart}
          data-testid="upload-button"
        >
          {t('uploadButton', { count: p.count })}
        </button>
        {p.busy && (
          <button type="button" onClick={p.onCancel} data-testid="cancel-button">
            {t('cancel')}
          </button>
        )}
      </div>
      {p.busy && (
        <div className="progress" data-testid="progress">
          <div data-testid="phase" data-phase={shown}>
            {t(`phase.${shown}`)}
            <Dots />
            {p.phase === 'zipping' && (
              <span data-testid="zip-percent">
                {' '}
                {t('zipPercent', { percent: formatPercent(p.progress.zipPercent, i18n.language) })}
              </span>
            )}
          </div>
          <div className="big-percent" data-testid="percent">
            {formatPercent(p.progress.percent, i18n.language)}
          </div>
          <div data-testid="speed">
            {t('speedSize', {
              speed: isolate(formatSpeed(p.progress.speed, i18n.language)),
              sent: isolate(formatSize(p.progress.sent, i18n.language)),
              total: isolate(formatSize(p.progress.total, i18n.language)),
            })}
            {p.progress.secondsLeft !== null && (
              <span data-testid="time-left">
                {' · '}
                {t('timeLeft', { time: isolate(formatDuration(p.progress.secondsLeft, i18n.language)) })}
              </span>
            )}
          </div>
          <div
            className="progress-bar"
            role="progressbar"
            aria-label={t('progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={p.progress.percent}
          >
            <div style={{ width: `${p.progress.percent}%` }} />
          </div>
          {p.resumedFrom != null && p.progress.total > 0 && (
            <p data-testid="resumed-from">
              {t('resume.continuing', {
                percent: formatPercent(Math.floor((p.resumedFrom / p.progress.total) * 100), i18n.language),
              })}
            </p>
          )}
          {p.retry && <RetryLine retry={p.retry} />}
        </div>
      )}
      {/* Also outside an upload: the uploaded list waits for the same sign-in after a Drive 401. */}
      {p.reloginWaiting && (
        <p data-testid="relogin">
          {t('relogin.waiting')}{' '}
          <button type="button" onClick={p.onRelogin}>
            {t('relogin.button')}
          </button>
        </p>
      )}
      {p.error && (
        <Notice tone="error" data-testid="upload-error">
          <strong data-testid="upload-error-message">
            {t(`errors.${p.error.code}`, { status: p.error.status ?? 0 })}
          </strong>
          {help && (
            <>
              {' '}
              <span className="error-help" data-testid="upload-error-help">
                {t(`errorHelp.${help}`)}
              </span>
              {p.error.detail && (
                <details className="error-details" data-testid="upload-error-details">
                  <summary>{t('errorHelp.details')}</summary>
                  <code>{p.error.detail}</code>
                </details>
              )}
            </>
          )}
        </Notice>
      )}
    </section>
  );
}
