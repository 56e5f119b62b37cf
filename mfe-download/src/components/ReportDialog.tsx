import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ABUSE_REASONS, isMailAddress, MAX_ABUSE_DETAILS_LENGTH, type AbuseReason } from '@ferry/rules';
import { Button, Dialog, DialogActions, Notice } from '@ferry/shell-sdk/ui';
import '@ferry/shell-sdk/ui.css';
import { NAMESPACE } from '../i18n';

type Problem = 'tooMany' | 'failed' | 'invalidEmail';

/** The report form: a reason (required), optional details and an optional address for a reply. */
export default function ReportDialog({ slug, onClose, onSent }: { slug: string; onClose(): void; onSent(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [reason, setReason] = useState<AbuseReason>('illegal');
  const [details, setDetails] = useState('');
  const [replyTo, setReplyTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  // One id per report: a repeated send (double click, retry) stores and mails it once.
  const requestId = useRef(crypto.randomUUID());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = replyTo.trim();
    if (address !== '' && !isMailAddress(address)) {
      setProblem('invalidEmail');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const res = await fetch(`/api/links/${encodeURIComponent(slug)}/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ reason, details: details.trim(), replyTo: address, requestId: requestId.current }),
      });
      if (res.ok) onSent();
      else setProblem(res.status === 429 ? 'tooMany' : 'failed');
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={t('report.title')}
      description={t('report.text')}
      className="download-report-dialog"
      data-testid="report-dialog"
    >
      <form onSubmit={(e) => void onSubmit(e)} className="download-report-form" noValidate>
        <fieldset>
          <legend>{t('report.reason')}</legend>
          {ABUSE_REASONS.map((r) => (
            <label key={r} className="download-report-reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {t(`report.reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-details`}>{t('report.details')}</label>
        <textarea
          id={`${id}-details`}
          value={details}
          onChange={(e) => {
            setDetails(e.target.value);
            setProblem(undefined);
          }}
          maxLength={MAX_ABUSE_DETAILS_LENGTH}
          rows={3}
        />
        <label htmlFor={`${id}-reply`}>{t('report.replyTo')}</label>
        <input
          id={`${id}-reply`}
          type="email"
          dir="ltr"
          value={replyTo}
          onChange={(e) => {
            setReplyTo(e.target.value);
            setProblem(undefined);
          }}
          autoComplete="email"
          maxLength={254}
        />
        {problem && (
          <Notice tone="error" data-testid="report-problem">
            {t(`report.${problem}`)}
          </Notice>
        )}
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="report-send">
            {t('report.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
