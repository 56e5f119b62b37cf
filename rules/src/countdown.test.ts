import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCountdown } from './countdown.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
const sixDays = 6 * DAY + 23 * HOUR + 5 * MIN + 9_000;

describe('formatCountdown', () => {
  it('reads naturally in English, German, Japanese and Arabic', () => {
    expect(formatCountdown(sixDays, 'en')).toBe('6d 23h 5m 9s');
    expect(formatCountdown(sixDays, 'de')).toBe('6 Tg., 23 Std., 5 Min. und 9 Sek.');
    expect(formatCountdown(sixDays, 'ja')).toBe('6日23時間5分9秒');
    expect(formatCountdown(sixDays, 'ar')).toBe('6 ي و23 س و5 د و9 ث');
  });

  it('is never the Dutch abbreviations outside Dutch', () => {
    expect(formatCountdown(sixDays, 'en')).not.toMatch(/u /);
    expect(formatCountdown(sixDays, 'nl')).toBe('6 d, 23 u, 5 m, 9 s');
  });

  it('labels the download page with the two largest units', () => {
    expect(formatCountdown(sixDays, 'en', 'label')).toBe('6d 23h');
    expect(formatCountdown(3 * HOUR + 5 * MIN, 'en', 'label')).toBe('3h 5m');
    expect(formatCountdown(4 * MIN + 2_000, 'en', 'label')).toBe('4m 2s');
    expect(formatCountdown(2 * DAY, 'de', 'label')).toBe('2 Tg.');
    expect(formatCountdown(sixDays, 'tr', 'label')).toBe('6 gün 23 sa.');
  });

  it('writes mails in words, with Arabic duals that do not repeat the number', () => {
    expect(formatCountdown(2 * DAY + HOUR, 'en', 'words')).toBe('2 days, 1 hour');
    expect(formatCountdown(2 * DAY + 2 * HOUR, 'ar', 'words')).toBe('يومان وساعتان');
    expect(formatCountdown(2 * DAY, 'ar', 'words')).toBe('يومان');
    expect(formatCountdown(5 * HOUR, 'hi', 'words')).toBe('5 घंटे');
    expect(formatCountdown(HOUR, 'hi', 'words')).toBe('1 घंटा');
  });

  it('counts Swedish days as «dagar», not «dygn»', () => {
    expect(formatCountdown(6 * DAY + 5 * HOUR, 'sv', 'words')).toBe('6 dagar, 5 timmar');
    expect(formatCountdown(DAY + HOUR, 'sv', 'words')).toBe('1 dag, 1 timme');
    expect(formatCountdown(7 * DAY, 'sv', 'words')).toBe('7 dagar');
  });

  it('writes one Hebrew unit as «יום אחד» and joins two with «ו»', () => {
    expect(formatCountdown(DAY + HOUR, 'he', 'words')).toBe('יום אחד ושעה');
    expect(formatCountdown(6 * DAY + 23 * HOUR, 'he', 'words')).toBe('6 ימים ו־23 שעות');
    expect(formatCountdown(2 * DAY + 2 * HOUR, 'he', 'words')).toBe('יומיים ושעתיים');
    expect(formatCountdown(DAY, 'he', 'words')).toBe('יום אחד');
    expect(formatCountdown(HOUR + 5 * MIN, 'he', 'words')).toBe('שעה אחת ו־5 דקות');
  });

  it('drops leading zero units and shows zero seconds when the time has passed', () => {
    expect(formatCountdown(5 * MIN + 9_000, 'en')).toBe('5m 9s');
    expect(formatCountdown(-1, 'en')).toBe('0s');
    expect(formatCountdown(Number.NaN, 'en')).toBe('0s');
  });

  it('never throws and never returns an empty string, for any time and language', () => {
    const languages = [
      'nl',
      'en',
      'de',
      'fr',
      'es',
      'it',
      'pt',
      'sv',
      'pl',
      'tr',
      'uk',
      'ja',
      'ar',
      'bn',
      'he',
      'hi',
      'id',
      'xx',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: -DAY, max: 60 * DAY }),
        fc.constantFrom(...languages),
        fc.constantFrom('full', 'label', 'words') as fc.Arbitrary<'full' | 'label' | 'words'>,
        (ms, lang, p) => {
          expect(formatCountdown(ms, lang, p).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
