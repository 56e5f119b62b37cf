import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, Notice } from '@ferry/shell-sdk/ui';
import { feedbackProblem, isMailAddress, MAX_FEEDBACK_LENGTH } from '@ferry/rules';
import { FeedbackError, postFeedback, type FeedbackFailure, type FeedbackRequest } from './send-feedback';
import '@ferry/shell-sdk/ui.css';

export interface FeedbackDialogProps {
  open: boolean;
  onClose(): void;
  /** The page it is sent from (path and query; the server keeps only the counted path). */
  page: string;
  /** Replaces POST /api/feedback (tests). */
  send?: (request: FeedbackRequest) => Promise<void>;
}

type Phase = { name: 'idle' } | { name: 'sending' } | { name: 'sent' } | { name: 'error'; text: string };

const FAILURE_KEYS: Record<FeedbackFailure, string> = {
  invalid: 'feedback.errors.invalid',
  'rate-limited': 'feedback.errors.rateLimited',
  unavailable: 'feedback.errors.unavailable',
  network: 'feedback.errors.network',
};

const newRequestId = () => globalThis.crypto.randomUUID();

/**
 * The feedback dialog (spec §9 feedback button): a message (required, at most 2,000 characters)
 * and an optional reply address, checked with the shared rules before anything is sent. One
 * request id per opening, so sending again after a network error mails the team once.
 */
export function FeedbackDialog({ open, onClose, page, send = postFeedback }: FeedbackDialogProps) {
  const { t, i18n } = useTranslation('shell');
  const [message, setMessage] = useState('');
  const [replyTo, setReplyTo] = useState('');
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const requestId = useRef(newRequestId());
  const messageField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!open) return;
    setMessage('');
    setReplyTo('');
    setPhase({ name: 'idle' });
    requestId.current = newRequestId();
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.name === 'sending' || phase.name === 'sent') return;
    const text = message.replace(/\r\n?/g, '\n');
    const problem = feedbackProblem(text);
    if (problem) {
      setPhase({
        name: 'error',
        text:
          problem === 'empty'
            ? t('feedback.errors.empty')
            : problem === 'too-long'
              ? t('feedback.errors.tooLong', { max: MAX_FEEDBACK_LENGTH })
              : t('feedback.errors.invalid'),
      });
      messageField.current?.focus();
      return;
    }
    const address = replyTo.trim();
    if (address !== '' && !isMailAddress(address)) {
      setPhase({ name: 'error', text: t('feedback.errors.replyTo') });
      return;
    }
    setPhase({ name: 'sending' });
    try {
      await send({
        message: text.trim(),
        ...(address ? { replyTo: address } : {}),
        page,
        language: i18n.resolvedLanguage ?? i18n.language,
        requestId: requestId.current,
      });
      setPhase({ name: 'sent' });
    } catch (err) {
      setPhase({ name: 'error', text: t(FAILURE_KEYS[err instanceof FeedbackError ? err.kind : 'network']) });
    }
  };

  const busy = phase.name === 'sending';
  const sent = phase.name === 'sent';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('feedback.title')}
      description={t('feedback.description')}
      dismissible={!busy}
      initialFocus={messageField}
      className="feedback-dialog"
      data-testid="feedback-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="ferry-ui-field">
          {t('feedback.messageLabel')}
          <textarea
            ref={messageField}
            name="message"
            value={message}
            placeholder={t('feedback.messagePlaceholder')}
            onChange={(e) => setMessage(e.target.value)}
            disabled={busy || sent}
            maxLength={MAX_FEEDBACK_LENGTH}
            rows={5}
            required
            aria-describedby="feedback-count"
          />
        </label>
        <p id="feedback-count" className="feedback-dialog__count">
          {t('feedback.count', { used: message.length, max: MAX_FEEDBACK_LENGTH })}
        </p>
        <label className="ferry-ui-field">
          {t('feedback.replyLabel')}
          <input
            type="email"
            name="replyTo"
            value={replyTo}
            placeholder={t('feedback.replyPlaceholder')}
            onChange={(e) => setReplyTo(e.target.value)}
            disabled={busy || sent}
            autoComplete="email"
            dir="ltr"
          />
        </label>
        {phase.name === 'error' && <Notice tone="error">{phase.text}</Notice>}
        {sent && <Notice tone="success">{t('feedback.sent')}</Notice>}
        <DialogActions>
          {sent ? (
            <Button variant="primary" onClick={onClose}>
              {t('feedback.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy}>
                {t('feedback.cancel')}
              </Button>
              <Button type="submit" variant="primary" busy={busy}>
                {busy ? t('feedback.sending') : t('feedback.send')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
