import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

type Problem = 'wrong' | 'tooMany' | 'failed';

/**
 * A protected link: the password first. The right one gets a single-use download URL from the
 * gateway, which the browser follows at once; the drive URL is never in the page before that.
 */
export function PasswordForm({
  slug,
  onUnlocked,
}: {
  slug: string;
  /** A transfer: the page keeps the single download URL's token for its files instead of following it. */
  onUnlocked?: (downloadUrl: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || password === '') return;
    setBusy(true);
    setProblem(undefined);
    try {
      const res = await fetch(`/api/links/${encodeURIComponent(slug)}/unlock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ password }),
      });
      if (res.ok) {
        const { downloadUrl } = (await res.json()) as { downloadUrl: string };
        if (onUnlocked) onUnlocked(downloadUrl);
        else window.location.assign(downloadUrl);
        setPassword('');
        return;
      }
      setProblem(res.status === 401 ? 'wrong' : res.status === 429 ? 'tooMany' : 'failed');
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="download-password" data-testid="password-form" onSubmit={(e) => void onSubmit(e)}>
      <p className="download-password-title">
        <strong>{t('password.title')}</strong>
      </p>
      <p>{t('password.text')}</p>
      <label htmlFor={id}>{t('password.label')}</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={problem === 'wrong' || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        maxLength={128}
        required
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="download-problem">
          {t(`password.${problem}`)}
        </p>
      )}
      <button type="submit" className="button download-button" disabled={busy}>
        {t('password.submit')}
      </button>
    </form>
  );
}
