import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/account.json';
import { NAMESPACE } from '../i18n';
import { YourData } from './YourData';

vi.mock('../domain/deletion-progress', async (real) => ({
  ...(await real<typeof import('../domain/deletion-progress')>()),
  pollDelayMs: () => 10,
}));

const calls: { path: string; init: RequestInit }[] = [];
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const state = (over: Record<string, unknown> = {}) => ({
  state: 'none',
  step: null,
  trashFiles: null,
  requestedAt: null,
  finishedAt: null,
  retries: 0,
  ...over,
});
let deletionAnswers: Array<Record<string, unknown>>;

beforeEach(() => {
  calls.length = 0;
  deletionAnswers = [state()];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({ path, init });
      if (path.startsWith('/api/me/export'))
        return json(200, { links: [] }, { 'content-disposition': 'attachment; filename="ferry-data-2026-11-29.json"' });
      if (path === '/api/me' && init.method === 'DELETE')
        return json(202, state({ state: 'running', step: 'requested', trashFiles: true }));
      return json(200, deletionAnswers.length > 1 ? deletionAnswers.shift() : deletionAnswers[0]);
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderIt(onSignOut = vi.fn(), onDeletion = vi.fn()) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
  render(
    <I18nextProvider i18n={i18n}>
      <YourData token="tok-ann" email="ann@example.com" language="de" onSignOut={onSignOut} onDeletion={onDeletion} />
    </I18nextProvider>,
  );
  return onSignOut;
}

describe('Your data', () => {
  it('downloads the export with the bearer token and the browser’s time zone', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderIt();
    fireEvent.click(screen.getByTestId('download-my-data'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((c) => c.path.startsWith('/api/me/export'))!;
    expect(call.path).toMatch(/^\/api\/me\/export\?tz=/);
    expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer tok-ann');
  });

  it('names what will happen, asks about the files, then follows the deletion to its end', async () => {
    deletionAnswers = [
      state(),
      state({ state: 'running', step: 'files-handled', trashFiles: true }),
      state({ state: 'done', step: 'done', trashFiles: true, finishedAt: new Date().toISOString() }),
    ];
    const onDeletion = vi.fn();
    const onSignOut = await renderIt(vi.fn(), onDeletion);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/me/deletion')).toBe(true));
    expect(onDeletion).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('delete-account'));
    const dialog = await screen.findByTestId('delete-dialog');
    for (const key of ['subscription', 'links', 'data', 'access', 'signOut', 'mail'] as const)
      expect(dialog.textContent).toContain(en.myData.confirm[key]);
    expect(dialog.textContent).toContain(en.myData.confirm.kept);
    fireEvent.click(screen.getByTestId('trash-files'));
    expect(dialog.textContent).toContain(en.myData.confirm.trashed);
    fireEvent.click(screen.getByRole('button', { name: en.myData.confirm.confirm }));
    await screen.findByTestId('deletion-done', undefined, { timeout: 3000 });
    // The page stops showing the subscription once the deletion is under way.
    expect(onDeletion).toHaveBeenCalled();
    const del = calls.find((c) => c.init.method === 'DELETE')!;
    expect(JSON.parse(String(del.init.body))).toEqual({ trashFiles: true, language: 'de' });
    fireEvent.click(screen.getByRole('button', { name: en.myData.leave }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it('keeps the account when the dialog is closed', async () => {
    await renderIt();
    fireEvent.click(screen.getByTestId('delete-account'));
    fireEvent.click(await screen.findByRole('button', { name: en.myData.confirm.keep }));
    await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
  });
});
