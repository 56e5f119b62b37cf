import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider, type ShellAuth } from '@ferry/shell-sdk';
import { createTestAuth, createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/marketing.json';
import { NAMESPACE } from '../i18n';
import { TryButtons } from './Hero';

afterEach(cleanup);

async function renderTry(auth: ShellAuth | null) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } });
  render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={createTestShellValue(i18n, { auth })}>
        <TryButtons />
      </ShellProvider>
    </I18nextProvider>,
  );
  return screen.getByRole('button', { name: en.hero.try });
}

describe("landing 'Try' buttons", () => {
  it('are disabled until the sign-in capability is ready', async () => {
    expect((await renderTry(null)).hasAttribute('disabled')).toBe(true);
    cleanup();
    expect((await renderTry(createTestAuth({ authReady: false }))).hasAttribute('disabled')).toBe(true);
  });

  it('start sign-in once ready (the shell picks the return path)', async () => {
    const login = vi.fn();
    const button = await renderTry(createTestAuth({ authReady: true, login }));
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(login).toHaveBeenCalledWith();
  });
});
