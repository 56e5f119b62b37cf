import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/download.json';
import { NAMESPACE } from '../i18n';
import { FileCard } from './FileCard';

const replies: Array<{ status: number; body?: unknown }> = [];
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
  const next = replies.shift() ?? { status: 500 };
  return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status });
});
const assign = vi.fn();

beforeEach(() => {
  replies.length = 0;
  fetchMock.mockClear();
  assign.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderCard(info: Partial<Parameters<typeof FileCard>[0]['info']>) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      <FileCard
        info={{
          // Not a zip or an image: the card makes no preview request of its own here.
          fileName: 'a.txt',
          size: 10,
          expiresAtMs: Date.now() + 3 * 86_400_000,
          downloadUrl: '/api/d/abc12345',
          ...info,
        }}
        sender="ann@example.com"
        slug="abc12345"
      />
    </I18nextProvider>,
  );
}

describe('a protected link on the download page', () => {
  it('asks for the password instead of offering a download link', async () => {
    const { container } = await renderCard({ passwordRequired: true });
    expect(screen.getByText(en.password.title)).toBeTruthy();
    expect(container.querySelector('a.download-button')).toBeNull();
  });

  it('says a wrong password, then follows the single-use URL of the right one', async () => {
    await renderCard({ passwordRequired: true });
    const input = screen.getByLabelText(en.password.label);
    replies.push({ status: 401, body: { code: 'wrong_password', error: 'x' } });
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: en.password.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.password.wrong);
    replies.push({ status: 200, body: { downloadUrl: 'https://ferry.test/api/d/abc12345?token=t', expiresAt: '' } });
    fireEvent.change(input, { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: en.password.submit }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://ferry.test/api/d/abc12345?token=t'));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/links/abc12345/unlock');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ password: 'open sesame' });
  });

  it('says when there were too many tries', async () => {
    await renderCard({ passwordRequired: true });
    replies.push({ status: 429, body: { code: 'too_many_attempts', error: 'x' } });
    fireEvent.change(screen.getByLabelText(en.password.label), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: en.password.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.password.tooMany);
  });
});

describe('asking for more time', () => {
  it('is offered only with less than a day left, and sends the name and message once', async () => {
    const { unmount } = await renderCard({});
    expect(screen.queryByText(en.moreTime.button)).toBeNull();
    unmount();
    await renderCard({ expiresAtMs: Date.now() + 3 * 3_600_000 });
    fireEvent.click(screen.getByRole('button', { name: en.moreTime.button }));
    fireEvent.change(screen.getByLabelText(en.moreTime.name), { target: { value: 'Vera' } });
    fireEvent.change(screen.getByLabelText(en.moreTime.message), { target: { value: 'Back tomorrow' } });
    replies.push({ status: 202, body: { ok: true, requestId: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: en.moreTime.send }));
    expect((await screen.findByTestId('more-time-sent')).textContent).toBe(en.moreTime.sent);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/links/abc12345/more-time');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({
      name: 'Vera',
      message: 'Back tomorrow',
    });
  });
});
