import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import i18next from 'i18next';
import { preloadDialog } from '@ferry/shell-sdk/ui';
import en from '../../public/locales/en/shell.json';
import { FeedbackDialog } from './FeedbackDialog';
import { FeedbackError, postFeedback, type FeedbackRequest } from './send-feedback';

afterEach(cleanup);
beforeAll(() => preloadDialog());

async function renderDialog(send: (r: FeedbackRequest) => Promise<void>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['shell'],
    defaultNS: 'shell',
    resources: { en: { shell: en } },
    interpolation: { escapeValue: false },
  });
  const onClose = vi.fn();
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FeedbackDialog open onClose={onClose} page="/faq" send={send} />
      </I18nextProvider>,
    );
  });
  return { onClose };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));

describe('FeedbackDialog', () => {
  it('sends the message, reply address, page and language with one request id, then says thank you', async () => {
    const send = vi.fn(async (_r: FeedbackRequest) => undefined);
    await renderDialog(send);
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeTruthy();
    type(/Your message/, '  More languages please\r\n ');
    type(/Your e-mail address/, ' vera@example.com ');
    await submit();
    expect(send).toHaveBeenCalledWith({
      message: 'More languages please',
      replyTo: 'vera@example.com',
      page: '/faq',
      language: 'en',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(screen.getByRole('status').textContent).toBe('Thank you! Your message has reached the team.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('refuses an empty message and a bad reply address before sending', async () => {
    const send = vi.fn(async () => undefined);
    await renderDialog(send);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please write a message.');
    type(/Your message/, 'hi');
    type(/Your e-mail address/, 'vera@');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'This e-mail address does not look right. Check it, or leave the field empty.',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the limit text on a 429, and keeps the request id for a retry', async () => {
    const ids: string[] = [];
    const send = vi.fn(async (r: FeedbackRequest) => {
      ids.push(r.requestId);
      throw new FeedbackError(ids.length === 1 ? 'rate-limited' : 'network');
    });
    await renderDialog(send);
    type(/Your message/, 'hello');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many messages were sent in a short time. Please try again later.',
    );
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your message could not be sent. Check your connection and try again.',
    );
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('postFeedback', () => {
  const answer = (status: number) => vi.fn(async () => new Response(status === 200 ? '{"ok":true}' : '{}', { status }));
  const body = { message: 'hi', page: '/', language: 'en', requestId: '0b7c6a52-3f0e-4d5e-9a1b-2c3d4e5f6a7b' };
  it.each([
    [429, 'rate-limited'],
    [400, 'invalid'],
    [413, 'invalid'],
    [503, 'unavailable'],
    [502, 'network'],
  ])('maps HTTP %i to %s', async (status, kind) => {
    await expect(postFeedback(body, answer(status))).rejects.toMatchObject({ kind });
  });
  it('posts JSON without credentials', async () => {
    const fetchImpl = answer(200);
    await postFeedback(body, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/feedback',
      expect.objectContaining({ method: 'POST', credentials: 'omit', body: JSON.stringify(body) }),
    );
  });
});
