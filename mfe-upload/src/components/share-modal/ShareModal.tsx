import { useCallback, useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { Button, Dialog, DialogActions, Notice } from '@ferry/shell-sdk/ui';
import { NAMESPACE } from '../../i18n';
import { errorTextKey, postShareEmail, type ShareEmailRequest } from './send-share-email';
import {
  displayFileName,
  MAX_SHARE_MESSAGE_LENGTH,
  normaliseLanguage,
  parseRecipients,
  SUPPORTED_LANGUAGES,
} from '@ferry/rules';
import { isolate } from '@ferry/shell-sdk/format';

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
  /** Replaces the call to POST /api/share-email (tests); rejects with a ShareEmailError (translated by code) or an Error (its message shown). */
  send?: (request: ShareEmailRequest) => Promise<void>;
  /** Spec §9: the modal closes 2 s after a successful send. */
  autoCloseMs?: number;
  /** Replaces PUT /api/links/{slug}/access for a password given here (tests). */
  protect?: (slug: string, password: string) => Promise<void>;
}

const MIN_PASSWORD_LENGTH = 4;

/** PUT /api/links/{slug}/access with only a password: the link asks for it before any download. */
async function putLinkPassword(slug: string, password: string, token: string | null): Promise<void> {
  const res = await fetch(`/api/links/${encodeURIComponent(slug)}/access`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`access ${res.status}`);
}

/** A language's own name for itself ("Deutsch", "日本語"), from the browser. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

// Drawn outside the remote's root (the dialog's layer): the shared field look, for a select.
const SELECT: CSSProperties = {
  display: 'block',
  width: '100%',
  minHeight: 44,
  marginBlockStart: '0.25rem',
  padding: '0.5rem 0.7rem',
  font: 'inherit',
  fontWeight: 400,
  border: '1px solid var(--ferry-border)',
  borderRadius: 8,
  background: 'var(--ferry-surface)',
  color: 'var(--ferry-ink)',
};

type Phase = { name: 'idle' } | { name: 'sending' } | { name: 'success' } | { name: 'error'; message: string };

/**
 * Spec §2 "Share-by-e-mail modal" and §4 "Share modal": recipients, personal message, send and
 * cancel; idle → sending → success (send disabled, closes after 2 s) or error (the thrown message,
 * or the invalid-recipients text). Fields reset whenever it opens or the file changes.
 */
export function ShareModal({ open, file, onClose, send, autoCloseMs = 2_000, protect }: ShareModalProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const shell = useShell();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  // The recipients' language: the receiver mail and the link's ?lng= (default the sender's own).
  const [recipientLanguage, setRecipientLanguage] = useState(() => normaliseLanguage(i18n.language));
  // An optional password set on the link before the mail goes out (the row can change or remove it).
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fileKey = file ? `${file.slug ?? ''}|${file.shareUrl ?? ''}|${file.name}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: open and fileKey are the triggers: the fields reset when the modal opens or its file changes
  useEffect(() => {
    setRecipients('');
    setMessage('');
    setRecipientLanguage(normaliseLanguage(i18n.language));
    setPassword('');
    setPhase({ name: 'idle' });
    clearTimeout(closeTimer.current);
  }, [open, fileKey]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    onClose();
  }, [onClose]);

  if (!open || !file) return null;

  const shownError = (err: unknown) => {
    const key = errorTextKey(err);
    return key
      ? t(`share.errors.${key}`)
      : (err instanceof Error && err.message) || t('share.errors.invalidRecipients');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.name === 'sending' || phase.name === 'success') return;
    const parsed = parseRecipients(recipients);
    if (!parsed.ok) {
      const message =
        parsed.problem === 'invalid'
          ? t('share.errors.notAnAddress', { entries: isolate(parsed.invalid.join(', ')) })
          : t('share.errors.invalidRecipients');
      setPhase({ name: 'error', message });
      return;
    }
    if (!file.slug && !file.shareUrl) {
      setPhase({ name: 'error', message: t('share.errors.urlUnknown') });
      return;
    }
    if (password !== '' && (!file.slug || [...password].length < MIN_PASSWORD_LENGTH)) {
      setPhase({ name: 'error', message: t('access.passwordShort') });
      return;
    }
    setPhase({ name: 'sending' });
    if (password !== '' && file.slug) {
      try {
        await (protect ?? ((slug: string, p: string) => putLinkPassword(slug, p, shell.auth?.token ?? null)))(
          file.slug,
          password,
        );
      } catch {
        setPhase({ name: 'error', message: t('access.failed') });
        return;
      }
    }
    const request: ShareEmailRequest = {
      ...(file.slug ? { slug: file.slug } : { downloadUrl: file.shareUrl }),
      recipients: parsed.recipients,
      message: message.replace(/\r\n?/g, '\n').trim(),
      locale: i18n.language,
      recipientLocale: recipientLanguage,
    };
    try {
      await (send ?? ((r: ShareEmailRequest) => postShareEmail(r, shell.auth?.token ?? null)))(request);
      setPhase({ name: 'success' });
      closeTimer.current = setTimeout(close, autoCloseMs);
    } catch (err) {
      setPhase({ name: 'error', message: shownError(err) });
    }
  };

  const busy = phase.name === 'sending';
  const done = phase.name === 'success';
  return (
    <Dialog
      open
      onClose={close}
      title={t('share.title')}
      description={t('share.sharing', { name: displayFileName(file.name) })}
      dismissible={!busy}
      className="share-modal"
      data-testid="share-modal"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="ferry-ui-field">
          {t('share.recipientsLabel')}
          <input
            type="text"
            name="recipients"
            value={recipients}
            placeholder={t('share.recipientsPlaceholder')}
            onChange={(e) => setRecipients(e.target.value)}
            disabled={busy || done}
            autoComplete="email"
          />
        </label>
        <label className="ferry-ui-field">
          {t('share.messageLabel')}
          <textarea
            name="message"
            value={message}
            placeholder={t('share.messagePlaceholder')}
            onChange={(e) => setMessage(e.target.value)}
            disabled={busy || done}
            maxLength={MAX_SHARE_MESSAGE_LENGTH}
            rows={4}
          />
        </label>
        {file.slug && (
          <label className="ferry-ui-field">
            {t('access.password')}
            <input
              type="password"
              name="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy || done}
              autoComplete="new-password"
              maxLength={128}
              data-testid="share-password"
            />
          </label>
        )}
        <label className="ferry-ui-field">
          {t('share.recipientLanguage')}
          <select
            name="recipientLanguage"
            value={recipientLanguage}
            onChange={(e) => setRecipientLanguage(normaliseLanguage(e.target.value))}
            disabled={busy || done}
            style={SELECT}
            data-testid="share-recipient-language"
          >
            {SUPPORTED_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        {phase.name === 'error' && <Notice tone="error">{phase.message}</Notice>}
        {done && <Notice tone="success">{t('share.sent')}</Notice>}
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('share.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={done} busy={busy}>
            {busy ? t('share.sending') : t('share.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
