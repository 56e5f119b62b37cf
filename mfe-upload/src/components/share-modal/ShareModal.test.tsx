import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider, type ShellAuth } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../../../public/locales/en/upload.json';
import nl from '../../../public/locales/nl/upload.json';
import { NAMESPACE } from '../../i18n';
import { ShareModal, type ShareModalProps } from './ShareModal';
import { errorTextKey, postShareEmail, ShareEmailError } from './send-share-email';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const file = { name: 'holiday.zip', slug: 'AbCdEfGh12' };

async function renderModal(
  props: Partial<ShareModalProps> = {},
  language = 'en',
  auth: Partial<ShellAuth> | null = null,
) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, nl: { [NAMESPACE]: nl } }, language);
  const onClose = props.onClose ?? vi.fn();
  const all: ShareModalProps = { open: true, file, onClose, send: vi.fn(async () => undefined), ...props };
  const tree = (p: ShareModalProps) => (
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={createTestShellValue(i18n, { auth: auth as ShellAuth | null })}>
        <ShareModal {...p} />
      </ShellProvider>
    </I18nextProvider>
  );
  const view = render(tree(all));
  return {
    ...view,
    props: all,
    onClose,
    rerenderWith: (p: Partial<ShareModalProps>) => view.rerender(tree({ ...all, ...p })),
  };
}

const recipientsField = () => screen.getByRole('textbox', { name: en.share.recipientsLabel }) as HTMLInputElement;
const messageField = () => screen.getByRole('textbox', { name: en.share.messageLabel }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: /^(Send|Sending…)$/ }) as HTMLButtonElement;

describe('share modal', () => {
  it('names what is shared and starts with empty fields', async () => {
    await renderModal();
    expect(screen.getByRole('dialog', { name: 'Share by e-mail' })).toBeTruthy();
    expect(screen.getByText('You are sharing: holiday.zip')).toBeTruthy();
    expect(recipientsField().value).toBe('');
    expect(messageField().value).toBe('');
  });

  it('names a right-to-left override or CR/LF name cleaned, in its stored order', async () => {
    await renderModal({ file: { name: 'invoice\u202Efdp.exe\r\nnext line', slug: 'AbCdEfGh12' } });
    expect(screen.getByText('You are sharing: invoicefdp.exe next line')).toBeTruthy();
  });

  it('refuses an empty field with the spec text and sends nothing', async () => {
    const { props } = await renderModal();
    for (const value of ['', ' ,; ']) {
      fireEvent.change(recipientsField(), { target: { value } });
      fireEvent.click(sendButton());
      expect(screen.getByRole('alert').textContent).toBe('Please enter at least one email address');
    }
    expect(props.send).not.toHaveBeenCalled();
  });

  it('names the entries that are not addresses, each once, and sends nothing', async () => {
    const { props } = await renderModal();
    const cases: Array<[string, string]> = [
      ['a@', 'a@'],
      ['bob@example.com, nobody', 'nobody'],
      ['bob@example, eve@example.org; x@y..io bob@example', 'bob@example, x@y..io'],
    ];
    for (const [value, named] of cases) {
      fireEvent.change(recipientsField(), { target: { value } });
      fireEvent.click(sendButton());
      expect(screen.getByRole('alert').textContent).toBe(`Not a valid email address: \u2068${named}\u2069`);
    }
    expect(props.send).not.toHaveBeenCalled();
  });

  it('sends, shows the sending state, then the success message with send disabled, and closes after 2 s', async () => {
    let finish!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { onClose } = await renderModal({ send });
    fireEvent.change(recipientsField(), { target: { value: ' bob@example.com; eve@example.org bob@example.com ' } });
    fireEvent.change(messageField(), { target: { value: 'Hi both!\r\nEnjoy.' } });
    vi.useFakeTimers();
    fireEvent.click(sendButton());
    expect(sendButton().textContent).toBe('Sending…');
    expect(sendButton().disabled).toBe(true);
    expect(send).toHaveBeenCalledWith({
      slug: 'AbCdEfGh12',
      recipients: ['bob@example.com', 'eve@example.org'],
      message: 'Hi both!\nEnjoy.',
      locale: 'en',
      recipientLocale: 'en',
    });
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('Email sent successfully!');
    expect(sendButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the thrown message and lets the user try again', async () => {
    const send = vi.fn(async () => {
      throw new Error(
        'Too many e-mails: you can send to at most 100 recipients per hour (0 left). Please try again later.',
      );
    });
    await renderModal({ send });
    fireEvent.change(recipientsField(), { target: { value: 'bob@example.com' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Too many e-mails/));
    expect(sendButton().disabled).toBe(false);
  });

  it('resets the fields when it opens again or the file changes', async () => {
    const { rerenderWith } = await renderModal();
    fireEvent.change(recipientsField(), { target: { value: 'bob@example.com' } });
    fireEvent.change(messageField(), { target: { value: 'note' } });
    rerenderWith({ file: { name: 'other.pdf', slug: 'Other_slug1' } });
    expect(recipientsField().value).toBe('');
    expect(messageField().value).toBe('');
    expect(screen.getByText('You are sharing: other.pdf')).toBeTruthy();
    fireEvent.change(recipientsField(), { target: { value: 'bob@example.com' } });
    rerenderWith({ open: false, file: { name: 'other.pdf', slug: 'Other_slug1' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    rerenderWith({ open: true, file: { name: 'other.pdf', slug: 'Other_slug1' } });
    expect(recipientsField().value).toBe('');
  });

  it('cancel and Escape close it', async () => {
    const { onClose } = await renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('speaks Dutch, including the translated API texts', async () => {
    const send = vi.fn(async () => {
      throw new ShareEmailError('receiver mail failed', 'receiver_mail_failed');
    });
    await renderModal({ send }, 'nl');
    expect(screen.getByText('Je deelt: holiday.zip')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: nl.share.recipientsLabel }), {
      target: { value: 'bob@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(nl.share.errors.receiverFailed));
  });

  it('posts to /api/share-email with the signed-in token by default', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ ok: true, message: 'Email sent successfully!' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await renderModal({ send: undefined }, 'en', { token: 'tok-ann', status: 'signed-in' });
      fireEvent.change(recipientsField(), { target: { value: 'bob@example.com' } });
      fireEvent.click(sendButton());
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Email sent successfully!'));
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/share-email');
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-ann');
      expect(JSON.parse(init.body as string)).toEqual({
        slug: 'AbCdEfGh12',
        recipients: ['bob@example.com'],
        message: '',
        locale: 'en',
        recipientLocale: 'en',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('share-email helpers', () => {
  it("throws the answer's error text and code", async () => {
    const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
    await expect(
      postShareEmail(
        { slug: 's', recipients: ['a@x.io'], message: '', locale: 'en' },
        't',
        answer(429, { error: 'Too many' }),
      ),
    ).rejects.toThrow('Too many');
    await expect(
      postShareEmail(
        { slug: 's', recipients: ['a@x.io'], message: '', locale: 'en' },
        't',
        vi.fn(async () => new Response('<html>', { status: 502 })),
      ),
    ).rejects.toThrow('receiver mail failed');
    await expect(
      postShareEmail({ slug: 's', recipients: ['a@x.io'], message: '', locale: 'en' }, null),
    ).rejects.toThrow('Unable to determine sender email.');
    const refused = postShareEmail(
      { slug: 's', recipients: ['a@x.io'], message: '', locale: 'en' },
      't',
      answer(400, { error: 'Unable to determine download URL.', code: 'url_unknown' }),
    );
    await expect(refused).rejects.toMatchObject({ code: 'url_unknown' });
  });

  it('translates by code, never by the English text', async () => {
    expect(errorTextKey(new ShareEmailError('anything at all', 'uploader_mail_failed'))).toBe('uploaderFailed');
    expect(errorTextKey(new ShareEmailError('receiver mail failed', 'resource_exhausted'))).toBeUndefined();
    expect(errorTextKey(new Error('receiver mail failed'))).toBeUndefined();
    expect(errorTextKey(new ShareEmailError('x', 'toString'))).toBeUndefined();
  });

  it("sends the recipients' language the sender picked (their mail and the link's ?lng=)", async () => {
    const send = vi.fn(async () => undefined);
    await renderModal({ send });
    fireEvent.change(recipientsField(), { target: { value: 'bob@example.com' } });
    const language = screen.getByTestId('share-recipient-language') as HTMLSelectElement;
    expect(language.value).toBe('en');
    expect([...language.options].find((o) => o.value === 'de')?.textContent).toBe('Deutsch');
    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en', recipientLocale: 'de' })),
    );
  });

  it('sets a password on the link first when one is given, then sends the mail', async () => {
    const order: string[] = [];
    const protect = vi.fn(async (slug: string, password: string) => {
      order.push(`protect ${slug} ${password}`);
    });
    const send = vi.fn(async () => {
      order.push('send');
    });
    await renderModal({ send, protect });
    fireEvent.change(recipientsField(), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'abc' } });
    fireEvent.click(sendButton());
    expect(screen.getByRole('alert').textContent).toBe('A password needs at least 4 characters.');
    expect(protect).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'open sesame' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(order).toEqual(['protect AbCdEfGh12 open sesame', 'send']));
  });
});
