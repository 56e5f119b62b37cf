import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, Notice } from '@ferry/shell-sdk/ui';
import type { LinkAccessBody } from '@ferry/http-contract';
import { LinkAccessError, type LinkAccess } from '../api/product-api';
import { NAMESPACE } from '../i18n';

/** The limits offered; "custom" takes any number the gateway allows. */
export const LIMIT_CHOICES = [1, 5, 10, 50] as const;
const MIN_PASSWORD = 4;
const MAX_LIMIT = 100_000;

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
      <form className="link-access" onSubmit={(e) => void onSubmit(e)}>
        <p className="hint">
          <bdi>{p.fileName}</bdi>
        </p>
        <label htmlFor={`${id}-password`}>{p.passwordProtected ? t('access.newPassword') : t('access.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          disabled={removePassword}
          maxLength={128}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={`${id}-password-hint`}
          data-testid="access-password"
        />
        <p id={`${id}-password-hint`} className="hint">
          {p.passwordProtected ? t('access.passwordKeep') : t('access.passwordHint')}
        </p>
        {p.passwordProtected && (
          <label className="check">
            <input
              type="checkbox"
              checked={removePassword}
              onChange={(e) => setRemovePassword(e.target.checked)}
              data-testid="access-remove-password"
            />{' '}
            {t('access.removePassword')}
          </label>
        )}
        <label htmlFor={`${id}-limit`}>{t('access.limit')}</label>
        <select
          id={`${id}-limit`}
          value={choice}
          onChange={(e) => setChoice(e.target.value as Choice)}
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
        {choice === 'custom' && (
          <>
            <label htmlFor={`${id}-custom`}>{t('access.limitCustomLabel')}</label>
            <input
              id={`${id}-custom`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LIMIT}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              data-testid="access-limit-custom"
            />
          </>
        )}
        <p className="hint">{t('access.limitHint', { downloads: p.downloads })}</p>
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
