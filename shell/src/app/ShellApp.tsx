import { StrictMode, Suspense } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ShellRoot, type ShellRootProps } from './ShellRoot';

export function ShellApp({ i18n, ...props }: ShellRootProps & { i18n: I18n }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <Suspense fallback={<div className="shell-loading" aria-busy="true" />}>
            <ShellRoot {...props} />
          </Suspense>
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>
  );
}
