import { useEffect, useId, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, Notice } from '@ferry/shell-sdk/ui';
import type { LinkAccessBody } from '@ferry/http-contract';
import { LinkAccessError, type LinkAccess } from '../api/product-api';
import { NAMESPACE } from '../i18n';

/** The limits offered; "custom" takes any number the gateway allows. */
export const LIMIT_CHOICES = [1, 5, 10, 50] as const;
const MIN_PASSWORD = 4;
const MAX_LIMIT = 100_000;
// The dialog is drawn outside the remote's root, where its scoped stylesheet does not reach.
const HINT: CSSProperties = { color: 'var(--ferry-muted)', fontSize: '0.9rem', marginBlock: '0.25rem 0' };
const CHECK: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  minHeight: 44,
  marginBlockStart: '0.5rem',
};
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

export interface LinkAccessDialogProps {
  open: boolean;
  fileName: string;
  passwordProtected: boolean;
  downloadLimit: number | undefined;
  downloads: number;
  onSave(body: LinkAccessBody): Promise<LinkAccess>;
  onClose(saved?: LinkAccess): void;
}

type Choice = 'none' | `${(typeof LIMIT_CHOICES)[number]}` | 'custom';

const choiceOf = (limit: number | undefined): Choice =>
  limit === undefined
    ? 'none'
    : (LIMIT_CHOICES as readonly number[]).includes(limit)
      ? (String(limit) as Choice)
      : 'custom';

/** Password (set, change, remove) and download limit (none, 1, 5, 10, 50 or custom) of one link. */
export function LinkAccessDialog(p: LinkAccessDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [choice, setChoice] = useState<Choice>(choiceOf(p.downloadLimit));
  const [custom, setCustom] = useState(String(p.downloadLimit ?? ''));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (!p.open) return;
    setPassword('');
    setRemovePassword(false);
    setChoice(choiceOf(p.downloadLimit));
    setCustom(String(p.downloadLimit ?? ''));
    setProblem(undefined);
  }, [p.open, p.downloadLimit]);

  const limit = choice === 'none' ? null : choice === 'custom' ? Number(custom) : Number(choice);
  const check = (): string | undefined => {
    if (password !== '' && [...password].length < MIN_PASSWORD) return 'access.passwordShort';
    if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)) return 'access.limitInvalid';
    if (limit !== null && limit <= p.downloads && limit !== p.downloadLimit) return 'access.limitTooLow';
    return undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local = check();
    if (local) {
      setProblem(local);
      return;
    }
    const body: LinkAccessBody = {};
    if (removePassword) body.password = null;
    else if (password !== '') body.password = password;
    if (limit !== (p.downloadLimit ?? null)) body.downloadLimit = limit;
    if (Object.keys(body).length === 0) {
      p.onClose();
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      p.onClose(await p.onSave(body));
    } catch (err) {
      const code = err instanceof LinkAccessError ? err.code : '';
      setProblem(
        code === 'invalid_password'
          ? 'access.passwordShort'
          : code === 'limit_reached'
            ? 'access.limitTooLow'
            : 'access.failed',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={p.open} title={t('access.title')} onClose={() => p.onClose()} data-testid="access-dialog">
      <form className="link-access" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p style={HINT}>
          <bdi>{p.fileName}</bdi>
        </p>
        <label className="ferry-ui-field">
          {p.passwordProtected ? t('access.newPassword') : t('access.password')}
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            disabled={removePassword}
            maxLength={128}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={`${id}-password-hint`}
            data-testid="access-password"
          />
        </label>
        <p id={`${id}-password-hint`} style={HINT}>
          {p.passwordProtected ? t('access.passwordKeep') : t('access.passwordHint')}
        </p>
        {p.passwordProtected && (
          <label style={CHECK}>
            <input
              type="checkbox"
              checked={removePassword}
              onChange={(e) => setRemovePassword(e.target.checked)}
              data-testid="access-remove-password"
            />
            {t('access.removePassword')}
          </label>
        )}
        <label className="ferry-ui-field">
          {t('access.limit')}
          <select
            value={choice}
            onChange={(e) => setChoice(e.target.value as Choice)}
            aria-describedby={`${id}-limit-hint`}
            style={SELECT}
            data-testid="access-limit"
          >
            <option value="none">{t('access.limitNone')}</option>
            {LIMIT_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
            <option value="custom">{t('access.limitCustom')}</option>
          </select>
        </label>
        {choice === 'custom' && (
          <label className="ferry-ui-field">
            {t('access.limitCustomLabel')}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LIMIT}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              data-testid="access-limit-custom"
            />
          </label>
        )}
        <p id={`${id}-limit-hint`} style={HINT}>
          {t('access.limitHint', { downloads: p.downloads })}
        </p>
        {problem && <Notice tone="error">{t(problem)}</Notice>}
        <DialogActions>
          <Button type="button" variant="secondary" onClick={() => p.onClose()}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="access-save">
            {t('access.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
