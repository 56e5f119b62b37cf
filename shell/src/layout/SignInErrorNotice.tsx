import { useTranslation } from 'react-i18next';
import { Notice } from '@ferry/shell-sdk/ui';
import '@ferry/shell-sdk/ui.css';
import type { SignInErrorKind } from '../auth/sign-in-error';

/** Why the visitor is back on the landing after pressing "Sign in": the provider is down, or the sign-in did not finish. */
export function SignInErrorNotice({ kind }: { kind: SignInErrorKind }) {
  const { t } = useTranslation('shell');
  return (
    <Notice tone="error" className="sign-in-error" data-testid="sign-in-error">
      <p>{t(`signInError.${kind}`)}</p>
    </Notice>
  );
}
