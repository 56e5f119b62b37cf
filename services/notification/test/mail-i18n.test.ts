import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES as MAIL_LANGUAGES } from '@ferry/rules';
import { expiresInLabel } from '../src/domain/format.js';
import { dateLocale, strings, type MailLanguage, type MailStrings } from '../src/mail/i18n.js';
import { plural } from '../src/mail/plural.js';
import { renderFirstDownloadNotice, renderReceiverMail, renderUploaderCopy, type ShareMailData } from '../src/mail/templates.js';

const keys = Object.keys(strings.en).sort() as Array<keyof MailStrings>;
const counts = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1_000_000];
/** Arguments for the function texts; the others take (sender, file) or (sender). */
const sampleArgs: Partial<Record<keyof MailStrings, unknown[]>> = { days: [2], hours: [2], minutes: [2], copyIntro: [2], copySubject: ['a.zip', 2] };

function shareData(lang: MailLanguage, overrides: Partial<ShareMailData> = {}): ShareMailData {
  return {
    lang,
    senderEmail: 'ann@example.com',
    fileName: 'a.zip',
    sizeLabel: '5.12 MB',
    downloadUrl: 'http://localhost:8080/r/AbCdEfGh12',
    expiresIn: strings[lang].days(2),
    message: 'Hi!',
    year: 2026,
    recipients: ['bob@example.com', 'eve@example.org'],
    ...overrides,
  };
}

describe('mail texts in every interface language', () => {
  it('covers the 17 interface languages', () => {
    expect([...MAIL_LANGUAGES].sort()).toEqual(['ar', 'bn', 'de', 'en', 'es', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'nl', 'pl', 'pt', 'sv', 'tr', 'uk']);
    expect(Object.keys(strings).sort()).toEqual([...MAIL_LANGUAGES].sort());
  });

  it.each(MAIL_LANGUAGES)('%s has every key of MailStrings, none empty', (lang) => {
    const t = strings[lang];
    expect(Object.keys(t).sort()).toEqual(keys);
    for (const key of keys) {
      const value = t[key];
      const text = typeof value === 'function' ? (value as (...args: unknown[]) => string)(...(sampleArgs[key] ?? ['Ann', 'a.zip'])) : value;
      expect(typeof text, `${lang}.${key}`).toBe('string');
      expect(text.trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it.each(MAIL_LANGUAGES)('%s keeps every interpolated value (sender, file, count)', (lang) => {
    const t = strings[lang];
    expect(t.receiverSubject('Ann', 'a.zip')).toContain('Ann');
    expect(t.receiverSubject('Ann', 'a.zip')).toContain('a.zip');
    expect(t.receiverIntro('Ann')).toContain('Ann');
    expect(t.messageFrom('Ann')).toContain('Ann');
    expect(t.receiverFooter('Ann')).toContain('Ann');
    expect(t.noticeSubject('a.zip')).toContain('a.zip');
    for (const n of counts) {
      expect(t.copySubject('a.zip', n)).toContain('a.zip');
      expect(t.copySubject('a.zip', n), `${lang}.copySubject(${n})`).toContain(String(n));
      expect(t.copyIntro(n), `${lang}.copyIntro(${n})`).toContain(String(n));
      for (const unit of ['days', 'hours', 'minutes'] as const) expect(t[unit](n), `${lang}.${unit}(${n})`).toContain(String(n));
    }
  });

  it('keeps the brand untranslated', () => {
    for (const lang of MAIL_LANGUAGES) expect(strings[lang].receiverIntro('Ann'), lang).toContain('Ferry');
  });
});

describe('dateLocale', () => {
  it('formats dates in the mail language, British English for English', () => {
    expect(dateLocale('en')).toBe('en-GB');
    expect(dateLocale('de')).toBe('de');
  });
});

describe('plural forms (Intl.PluralRules)', () => {
  it('uses the Polish one / few / many forms', () => {
    const t = strings.pl;
    expect([1, 2, 5].map((n) => t.days(n))).toEqual(['1 dzień', '2 dni', '5 dni']);
    expect([1, 2, 5, 12, 22, 25].map((n) => t.hours(n))).toEqual(['1 godzina', '2 godziny', '5 godzin', '12 godzin', '22 godziny', '25 godzin']);
    expect([1, 3, 5].map((n) => t.minutes(n))).toEqual(['1 minuta', '3 minuty', '5 minut']);
    expect(t.copyIntro(1)).toContain('do 1 odbiorcy');
    expect(t.copyIntro(5)).toContain('do 5 odbiorców');
    expect(expiresInLabel(new Date(Date.UTC(2026, 0, 7, 5, 1)), new Date(Date.UTC(2026, 0, 1)), 'pl')).toBe('6 dni 5 godzin');
  });

  it('uses the Ukrainian forms, where 21 takes the singular', () => {
    expect([1, 2, 5, 21, 22].map((n) => strings.uk.days(n))).toEqual(['1 день', '2 дні', '5 днів', '21 день', '22 дні']);
  });

  it('uses the Arabic few / many forms and the Hebrew singular', () => {
    expect([3, 11, 100].map((n) => strings.ar.days(n))).toEqual(['3 أيام', '11 يومًا', '100 يوم']);
    expect([1, 2, 5].map((n) => strings.he.hours(n))).toEqual(['1 שעה', '2 שעות', '5 שעות']);
  });

  it('keeps the English and Dutch forms', () => {
    expect([1, 2].map((n) => strings.en.copySubject('a.zip', n))).toEqual(['You shared a.zip with 1 recipient', 'You shared a.zip with 2 recipients']);
    expect([1, 2].map((n) => strings.nl.days(n))).toEqual(['1 dag', '2 dagen']);
    expect(strings.fr.days(0)).toBe('0 jour');
  });

  it('falls back to the other form for a category that is left out', () => {
    expect(plural('pl', 5, { one: 'dzień', other: 'dni' })).toBe('dni');
    expect(plural('ar', 2, { two: 'يومان', other: 'يوم' })).toBe('يومان');
    expect(plural('ar', 0, { other: 'يوم' })).toBe('يوم');
  });
});


describe('mail layout direction', () => {
  it.each(['ar', 'he'] as const)('renders %s mails right-to-left', (lang) => {
    for (const mail of [
      renderReceiverMail(shareData(lang)),
      renderUploaderCopy(shareData(lang)),
      renderFirstDownloadNotice({ lang, fileName: 'a.zip', sizeLabel: '3 B', expiresIn: '', link: '', downloadedAt: '', year: 2026 }),
    ]) {
      expect(mail.html).toContain(`<html lang="${lang}" dir="rtl">`);
      // Webmail drops <html>'s attributes: the container says it too.
      expect(mail.html).toMatch(/<div dir="rtl" style="[^"]*text-align:right/);
      expect(mail.html).not.toContain('border-left');
    }
    const receiver = renderReceiverMail(shareData(lang));
    expect(receiver.html).toContain('border-right:3px solid');
    expect(receiver.subject).toContain('ann@example.com');
    expect(receiver.subject).toContain('a.zip');
  });

  it('renders the other languages left-to-right', () => {
    for (const lang of MAIL_LANGUAGES.filter((l) => l !== 'ar' && l !== 'he')) {
      const html = renderReceiverMail(shareData(lang)).html;
      expect(html, lang).toContain(`<html lang="${lang}" dir="ltr">`);
      expect(html, lang).toContain('border-left:3px solid');
    }
  });
});
