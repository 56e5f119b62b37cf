import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import de from '../../../public/locales/de/marketing.json';
import en from '../../../public/locales/en/marketing.json';
import { NAMESPACE } from '../../i18n';
import { DemoButton } from './DemoButton';
import { DEMO_MEDIA } from './demo-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderButton(language: 'en' | 'de') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, de: { [NAMESPACE]: de } });
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <DemoButton>{(language === 'de' ? de : en).hero.demo}</DemoButton>
    </I18nextProvider>,
  );
  return screen.getByRole('button', { name: (language === 'de' ? de : en).hero.demo });
}

describe('View demo', () => {
  it('renders no video until it is pressed; then the modal holds the video, its poster and the captions of the page language', async () => {
    const button = await renderButton('de');
    expect(document.querySelector('video')).toBeNull();
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: de.demo.title });
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('src')).toMatch(new RegExp(`/${DEMO_MEDIA.video.replace(/\./g, '\\.')}$`));
    expect(video.getAttribute('poster')).toMatch(new RegExp(`/${DEMO_MEDIA.poster.replace(/\./g, '\\.')}$`));
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('srclang')).toBe('de');
    expect(track.getAttribute('src')).toMatch(/\/demo\/captions\.de\.[0-9a-f]{10}\.vtt$/);
    expect(track.getAttribute('label')).toBe('Deutsch');
    await waitFor(() => expect(document.activeElement).toBe(video));
    expect(video.hasAttribute('autoplay')).toBe(true);
  });

  it('does not start the video by itself for a visitor who prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
    }));
    fireEvent.click(await renderButton('en'));
    const dialog = await screen.findByRole('dialog', { name: en.demo.title });
    expect(dialog.querySelector('video')!.hasAttribute('autoplay')).toBe(false);
  });

  it('closes with its close button and with Escape, and focus returns to the button each time', async () => {
    const button = await renderButton('en');
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('dialog', { name: en.demo.title });
    fireEvent.click(screen.getByRole('button', { name: en.demo.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click(button);
    await screen.findByRole('dialog', { name: en.demo.title });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
