import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import de from '../../public/locales/de/upload.json';
import en from '../../public/locales/en/upload.json';
import { NAMESPACE } from '../i18n';
import type { Phase } from '../upload/phase';
import { UploadControls, type UploadControlsProps } from './UploadControls';

afterEach(cleanup);

async function renderControls(over: Partial<UploadControlsProps>, language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, de: { [NAMESPACE]: de } }, language);
  const props: UploadControlsProps = {
    count: 1,
    canStart: false,
    busy: true,
    phase: 'uploading' as Phase,
    progress: { sent: 0, total: 100, percent: 0, speed: 0, secondsLeft: null, zipPercent: 0 },
    error: null,
    reloginWaiting: false,
    onStart: () => undefined,
    onCancel: () => undefined,
    onRelogin: () => undefined,
    ...over,
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <UploadControls {...props} />
    </I18nextProvider>,
  );
  return {
    rerender: (next: Partial<UploadControlsProps>) =>
      view.rerender(
        <I18nextProvider i18n={i18n}>
          <UploadControls {...props} {...next} />
        </I18nextProvider>,
      ),
  };
}

const progress = (percent: number) => ({
  sent: percent,
  total: 100,
  percent,
  speed: 1_000,
  secondsLeft: null,
  zipPercent: 0,
});

describe('upload announcements', () => {
  it('a polite live region names the phase and each quarter, not every percent', async () => {
    const { rerender } = await renderControls({ progress: progress(37) });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Uploading 25%');
    rerender({ progress: progress(49) });
    expect(screen.getByRole('status').textContent).toBe('Uploading 25%');
    rerender({ progress: progress(50) });
    expect(screen.getByRole('status').textContent).toBe('Uploading 50%');
    rerender({ phase: 'finalizing', progress: progress(100) });
    expect(screen.getByRole('status').textContent).toBe('Finalizing');
    rerender({ busy: false, phase: 'idle' });
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('');
  });

  it('writes the percentage the way the language does', async () => {
    await renderControls({ progress: progress(75) }, 'de');
    expect(screen.getByRole('status').textContent).toBe(`${de.phase.uploading} 75\u00a0%`);
  });

  it('an upload error is an assertive alert', async () => {
    await renderControls({ busy: false, phase: 'idle', error: { code: 'quota' } });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(alert.textContent).toBe('Not enough free space in your Google Drive for this upload');
  });

  it('a retry shows its line with the attempt and the seconds until it', async () => {
    await renderControls({
      progress: progress(40),
      retry: { kind: 'network', attempt: 2, maxRetries: 8, at: Date.now() + 3_600 },
    });
    expect(screen.getByTestId('retry-line').textContent).toBe('Connection lost — retrying in 4 s (attempt 2 of 8)');
  });

  it('a failed upload keeps the spec’s message and adds what to do and the details', async () => {
    await renderControls(
      { busy: false, phase: 'idle', error: { code: 'status', status: 500, detail: 'Upload failed with status 500' } },
      'de',
    );
    expect(screen.getByTestId('upload-error-message').textContent).toBe(de.errors.status.replace('{{status}}', '500'));
    expect(screen.getByTestId('upload-error-help').textContent).toBe(de.errorHelp.server);
    expect(screen.getByTestId('upload-error-details').textContent).toContain('status 500');
  });
});
