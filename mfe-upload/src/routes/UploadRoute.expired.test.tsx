import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestAuth, createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/upload.json';
import de from '../../public/locales/de/upload.json';
import App from '../App';
import { NAMESPACE } from '../i18n';

/**
 * The upload screen for an account whose trial or plan has ended (spec §4 subscription): the drop
 * zone gives way to a message with the way to the plans, checked when the screen opens and again
 * before an upload starts. The uploaded list stays. `fetch` stands in for the gateway and the drive.
 */
type Access = { phase: string; state: string; plan: string; total_days: number };
const TRIAL: Access = { phase: 'trial', state: 'trial', plan: 'trial', total_days: 90 };
const TRIAL_ENDED: Access = { phase: 'expired', state: 'expired', plan: 'trial', total_days: 90 };

let access: () => Access;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  access = () => TRIAL;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost/');
      calls.push(url.pathname);
      if (url.pathname === '/api/config')
        return Response.json({ driveRootUrl: 'http://drive.test', uploadFolderThresholdBytes: 1 << 30 });
      if (url.pathname === '/api/access/status')
        return Response.json({
          ...access(),
          remaining_days: 0,
          paid_until: null,
          cancelled_at: null,
          starts_at: null,
          grace_until: null,
        });
      if (url.pathname === '/api/links') return Response.json({ links: [] });
      if (url.pathname === '/drive/v3/about')
        return Response.json({
          storageQuota: { limit: '1000000', usage: '0' },
          user: { emailAddress: 'ann@example.com' },
        });
      if (url.pathname === '/drive/v3/files' && url.searchParams.get('q')?.includes('ferry_root'))
        return Response.json({ files: [{ id: 'root', name: '_ferryuploads' }] });
      if (url.pathname === '/drive/v3/files') return Response.json({ files: [] });
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderUpload(language = 'en', navigate = vi.fn()) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, de: { [NAMESPACE]: de } }, language);
  const auth = createTestAuth({
    isAuthenticated: true,
    token: 'tok-ann',
    user: { id: 'sub-ann', email: 'ann@example.com' },
    email: 'ann@example.com',
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={createTestShellValue(i18n, { auth, navigate })}>
        <MemoryRouter initialEntries={['/upload']}>
          <App />
        </MemoryRouter>
      </ShellProvider>
    </I18nextProvider>,
  );
  return navigate;
}

describe('upload screen of an ended trial or plan', () => {
  it('an ended trial: the message and the way to the plans instead of the drop zone; the list stays', async () => {
    access = () => TRIAL_ENDED;
    const navigate = await renderUpload();
    const panel = await screen.findByTestId('upload-expired');
    expect(screen.getByRole('heading', { level: 2, name: en.expired.trialTitle })).toBeTruthy();
    expect(panel.textContent).toContain(en.expired.body);
    expect(screen.queryByTestId('dropzone')).toBeNull();
    expect(screen.queryByTestId('upload-button')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: en.uploadedTitle })).toBeTruthy();
    const plans = screen.getByRole('link', { name: en.expired.plans });
    expect(plans.getAttribute('href')).toBe('/account');
    fireEvent.click(plans);
    expect(navigate).toHaveBeenCalledWith('/account');
  });

  it('an ended paid plan says the plan has ended, in the page language', async () => {
    access = () => ({ phase: 'expired', state: 'expired', plan: 'monthly', total_days: 31 });
    await renderUpload('de');
    expect((await screen.findByRole('heading', { level: 2, name: de.expired.planTitle })).textContent).toBe(
      'Dein Tarif ist abgelaufen',
    );
  });

  it('a running trial keeps the drop zone', async () => {
    await renderUpload();
    await waitFor(() => expect(calls).toContain('/api/access/status'));
    expect(screen.getByTestId('dropzone')).toBeTruthy();
    expect(screen.queryByTestId('upload-expired')).toBeNull();
  });

  it('checks the account before an upload starts: ended meanwhile, no byte goes to the drive', async () => {
    await renderUpload();
    await waitFor(() => expect(calls).toContain('/api/access/status'));
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File(['hello'], 'a.txt')] } });
    const upload = await screen.findByTestId('upload-button');
    await waitFor(() => expect((upload as HTMLButtonElement).disabled).toBe(false));
    access = () => TRIAL_ENDED;
    fireEvent.click(upload);
    expect(await screen.findByTestId('upload-expired')).toBeTruthy();
    expect(calls.filter((p) => p === '/api/access/status')).toHaveLength(2);
    expect(calls.some((p) => p.startsWith('/upload/drive'))).toBe(false);
  });
});
