import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import ar from '../../public/locales/ar/upload.json';
import en from '../../public/locales/en/upload.json';
import { NAMESPACE } from '../i18n';
import { ExpiryPicker } from './ExpiryPicker';
import { QueueList } from './QueueList';

afterEach(cleanup);

async function withI18n(ui: React.ReactElement, language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, ar: { [NAMESPACE]: ar } }, language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

describe('the link life chosen at upload', () => {
  it('offers 1, 3, 7 and 14 days under its label and reports a choice', async () => {
    const onChange = vi.fn();
    await withI18n(<ExpiryPicker days={7} disabled={false} onChange={onChange} />);
    const select = screen.getByLabelText('Link expires after') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['1 day', '3 days', '7 days', '14 days']);
    expect(select.value).toBe('7');
    fireEvent.change(select, { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('reads naturally in Arabic (one day without the number)', async () => {
    await withI18n(<ExpiryPicker days={1} disabled onChange={() => undefined} />, 'ar');
    const select = screen.getByTestId('expiry-choice') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.options[0]!.textContent).toBe('يوم');
  });

  it('shows on every queue row', async () => {
    const file = (name: string) => new File(['x'], name);
    await withI18n(
      <QueueList
        queue={[
          { file: file('a.txt'), path: 'a.txt' },
          { file: file('b.txt'), path: 'b.txt' },
        ]}
        busy={false}
        expiryDays={3}
        onRemove={() => undefined}
        onClear={() => undefined}
      />,
    );
    expect(screen.getAllByTestId('queue-expiry').map((e) => e.textContent)).toEqual(['Link: 3 days', 'Link: 3 days']);
  });
});
