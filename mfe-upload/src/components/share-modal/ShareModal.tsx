import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { NAMESPACE } from '../../i18n';
import { parseRecipients } from './recipients';
import { API_TEXTS, postShareEmail, type ShareEmailRequest } from './send-share-email';
import { displayFileName } from '@ferry/rules';

/** The file a row opens the modal for. */
export interface ShareModalFile {
  /** Named in the line saying what is shared. */
  name: string;
  /** The link's slug (shortId); preferred over `shareUrl`. */
  slug?: string;
  /** The share URL on Ferry's origin, when there is no slug. */
  shareUrl?: string;
}

export interface ShareModalProps {
  open: boolean;
  file: ShareModalFile | null;
  onClose: () => void;
  /** Replaces the call to POST /api/share-email (tests); rejects with an Error whose message is shown. */
  send?: (request: ShareEmailRequest) => Promise<void>;
  /** Spec §9: the modal closes 2 s after a successful send. */
  autoCloseMs?: number;
}

type Phase = { name: 'idle' } | { name: 'sending' } | { name: 'success' } | { name: 'error'; message: string };

/**
 * Spec §2 "Share-by-e-mail modal" and §4 "Share modal": recipients, personal message, send and
 * cancel; idle → sending → success (send disabled, closes after 2 s) or error (the thrown message,
 * or the invalid-recipients text). Fields reset whenever it opens or the file changes.
 */
export function ShareModal({ open, file, onClose, send, autoCloseMs = 2_000 }: ShareModalProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const shell = useShell();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const titleId = useId();
  const fileKey = file ? `${file.slug ?? ''}|${file.shareUrl ?? ''}|${file.name}` : '';

  useEffect(() => {
    setRecipients('');
    setMessage('');
    setPhase({ name: 'idle' });
    clearTimeout(closeTimer.current);
  }, [open, fileKey]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    onClose();
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && phase.name !== 'sending') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, phase.name, close]);

  if (!open || !file) return null;

  const shownError = (raw: string) => {
    const key = API_TEXTS[raw as keyof typeof API_TEXTS];
    return key ? t(`share.errors.${key}`) : raw || t('share.errors.invalidRecipients');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.name === 'sending' || phase.name === 'success') return;
    const list = parseRecipients(recipients);
    if (!list) {
      setPhase({ name: 'error', message: t('share.errors.invalidRecipients') });
      return;
    }
    if (!file.slug && !file.shareUrl) {
      setPhase({ name: 'error', message: t('share.errors.urlUnknown') });
      return;
    }
    setPhase({ name: 'sending' });
    const request: ShareEmailRequest = {
      ...(file.slug ? { slug: file.slug } : { downloadUrl: file.shareUrl }),
      recipients: list,
      message: message.replace(/\r\n?/g, '\n').trim(),
      locale: i18n.language,
    };
    try {
      await (send ?? ((r: ShareEmailRequest) => postShareEmail(r, shell.auth?.token ?? null)))(request);
      setPhase({ name: 'success' });
      closeTimer.current = setTimeout(close, autoCloseMs);
    } catch (err) {
      setPhase({ name: 'error', message: shownError(err instanceof Error ? err.message : '') });
    }
  };

  const busy = phase.name === 'sending';
  return (
    <div className="share-modal-backdrop" style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.4)', display: 'grid', placeItems: 'center', zIndex: 50 }}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="share-modal" style={{ background: '#fff', borderRadius: 12, padding: 24, width: 'min(480px, 92vw)' }}>
        <h2 id={titleId}>{t('share.title')}</h2>
        <p className="share-modal-file">{t('share.sharing', { name: displayFileName(file.name) })}</p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <label style={{ display: 'block', marginTop: 12 }}>
            {t('share.recipientsLabel')}
            <input
              type="text"
              name="recipients"
              value={recipients}
              placeholder={t('share.recipientsPlaceholder')}
              onChange={(e) => setRecipients(e.target.value)}
              disabled={busy || phase.name === 'success'}
              autoComplete="email"
              style={{ display: 'block', width: '100%' }}
            />
          </label>
          <label style={{ display: 'block', marginTop: 12 }}>
            {t('share.messageLabel')}
            <textarea
              name="message"
              value={message}
              placeholder={t('share.messagePlaceholder')}
              onChange={(e) => setMessage(e.target.value)}
              disabled={busy || phase.name === 'success'}
              maxLength={2000}
              rows={4}
              style={{ display: 'block', width: '100%' }}
            />
          </label>
          {phase.name === 'error' && (
            <p role="alert" className="share-modal-error">
              {phase.message}
            </p>
          )}
          {phase.name === 'success' && (
            <p role="status" className="share-modal-success">
              {t('share.sent')}
            </p>
          )}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 16 }}>
            <button type="button" onClick={close} disabled={busy}>
              {t('share.cancel')}
            </button>
            <button type="submit" disabled={busy || phase.name === 'success'} aria-busy={busy}>
              {busy ? t('share.sending') : t('share.send')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
