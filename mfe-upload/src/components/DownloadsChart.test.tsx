import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import ar from '../../public/locales/ar/upload.json';
import en from '../../public/locales/en/upload.json';
import { NAMESPACE } from '../i18n';
import { DownloadsChart, dayRange } from './DownloadsChart';

afterEach(cleanup);

const days = [
  { date: '2026-03-10', downloads: 2 },
  { date: '2026-03-11', downloads: 1 },
];

async function bars(lng: 'en' | 'ar') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, ar: { [NAMESPACE]: ar } }, lng);
  render(
    <I18nextProvider i18n={i18n}>
      <DownloadsChart days={days} label="Downloads per day" />
    </I18nextProvider>,
  );
  return screen.getAllByTestId('stats-bar').map((bar) => ({
    date: bar.getAttribute('data-date'),
    x: Number(bar.getAttribute('x')),
    height: Number(bar.getAttribute('height')),
  }));
}

describe('downloads chart', () => {
  it('draws a bar per day, heights in proportion, oldest day first in the reading direction', async () => {
    const ltr = await bars('en');
    expect(ltr.map((b) => b.date)).toEqual(['2026-03-10', '2026-03-11']);
    expect(ltr[0]!.height).toBeCloseTo(2 * ltr[1]!.height);
    expect(ltr[0]!.x).toBeLessThan(ltr[1]!.x);
    cleanup();
    const rtl = await bars('ar');
    expect(rtl[0]!.x).toBeGreaterThan(rtl[1]!.x);
  });

  it('fills the days between with zero bars', () => {
    expect(dayRange([days[0]!, { date: '2026-03-13', downloads: 4 }])).toEqual([
      { date: '2026-03-10', downloads: 2 },
      { date: '2026-03-11', downloads: 0 },
      { date: '2026-03-12', downloads: 0 },
      { date: '2026-03-13', downloads: 4 },
    ]);
  });
});
