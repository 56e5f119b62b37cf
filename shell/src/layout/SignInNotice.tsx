import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice } from '@ferry/shell-sdk/ui';
import '@ferry/shell-sdk/ui.css';
import type { SignInNeeded } from '../auth/sign-in-notice';

/**
 * Shown on the landing when a visitor was sent back from a page that needs a session: why, and
 * the sign-in at once. Focus goes to the button, so the notice is in view and one key away.
 */
export function SignInNotice({
  needed,
  ready,
  onSignIn,
}: {
  needed: SignInNeeded;
  ready: boolean;
  onSignIn: (returnPath: string) => void;
}) {
  const { t } = useTranslation('shell');
  const button = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: needed.returnPath is a trigger: a new notice takes the focus again
  useEffect(() => {
    if (ready) button.current?.focus();
  }, [ready, needed.returnPath]);
  return (
    <Notice tone="info" className="sign-in-notice" data-testid="sign-in-notice">
      <p>{t(`signInNeeded.${needed.target}`)}</p>
      <Button ref={button} variant="primary" disabled={!ready} onClick={() => onSignIn(needed.returnPath)}>
        {t('nav.login')}
      </Button>
    </Notice>
  );
}
