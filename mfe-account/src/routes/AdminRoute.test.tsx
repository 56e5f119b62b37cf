import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestAuth, createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import type { AdminReport } from '@ferry/http-contract';
import en from '../../public/locales/en/account.json';
import { NAMESPACE } from '../i18n';
import { AdminRoute } from './AdminRoute';

const report = (id: string, fileName: string): AdminReport => ({
  id,
  slug: `Slug_${id}000`,
  reason: 'malware',
  details: '',
  replyTo: '',
  createdAt: '2026-12-01T10:00:00.000Z',
  ownerSuspended: false,
  link: {
    slug: `Slug_${id}000`,
    fileName,
    ownerEmail: 'owner@example.com',
    status: 'active',
    disabled: false,
    expiresAt: '2026-12-08T10:00:00.000Z',
  },
});

/** What the name rule keeps off the screen: C0, DEL, C1 and the bidi controls. */
const UNSAFE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/admin/reports')
        return json({
          reports: [report('1', 'invoice\u202Efdp.exe'), report('2', 'a\u2067b\u2069\u200F\r\n\u0000\u0085.pdf')],
        });
      if (path === '/api/admin/suspensions') return json({ suspensions: [] });
      return json({ entries: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('administrators’ page', () => {
  it('shows a reported file’s name without control or bidi characters', async () => {
    const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
    const auth = createTestAuth({ isAuthenticated: true, token: 'tok-admin', email: 'admin@example.com' });
    render(
      <I18nextProvider i18n={i18n}>
        <ShellProvider value={createTestShellValue(i18n, { auth })}>
          <AdminRoute />
        </ShellProvider>
      </I18nextProvider>,
    );
    const cards = await screen.findAllByTestId('admin-report');
    const names = cards.map((c) => c.querySelector('[data-field="file-name"]')!.textContent!);
    expect(names).toEqual(['invoicefdp.exe', 'ab .pdf']);
    for (const card of cards) expect(card.textContent).not.toMatch(UNSAFE);
  });
});
