import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider, SWITCHER_LANGUAGES } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/shell.json';
import { LanguageSwitcher } from './LanguageSwitcher';

afterEach(cleanup);

async function renderIn(language: string) {
  const i18n = await createTestI18n('shell', { en: { shell: en } }, 'en');
  const value = createTestShellValue(i18n, { language: language as never, languages: SWITCHER_LANGUAGES });
  render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={value}>
        <LanguageSwitcher />
      </ShellProvider>
    </I18nextProvider>,
  );
  return screen.getByRole<HTMLSelectElement>('combobox');
}

describe('LanguageSwitcher', () => {
  it('shows the page language as the current choice', async () => {
    const select = await renderIn('de');
    expect(select.value).toBe('de');
    expect(select.selectedOptions[0]!.textContent).toBe(en.language.de);
  });

  it('names a page language it does not offer (Hebrew) instead of the first option', async () => {
    expect(SWITCHER_LANGUAGES).not.toContain('he');
    const select = await renderIn('he');
    expect(select.value).toBe('he');
    expect(select.selectedOptions[0]!.textContent).toBe(en.language.he);
  });
});
