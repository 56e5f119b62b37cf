import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES as MAIL_LANGUAGES } from '@ferry/rules';
import { expiresInLabel } from '../src/domain/format.js';
import { dateLocale, strings, type MailLanguage, type MailStrings } from '../src/mail/i18n.js';
import { plural } from '../src/mail/plural.js';
import { cleanupStrings } from '../src/mail/cleanup-strings.js';
import { accountNoticeStrings } from '../src/mail/account-notice-strings.js';
import {
  renderFirstDownloadNotice,
  renderReceiverMail,
  renderUploaderCopy,
  type ShareMailData,
} from '../src/mail/templates.js';

const keys = Object.keys(strings.en).sort() as Array<keyof MailStrings>;
const counts = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1_000_000];
/** Arguments for the function texts; the others take (sender, file) or (sender). */
const sampleArgs: Partial<Record<keyof MailStrings, unknown[]>> = { copyIntro: [2], copySubject: ['a.zip', 2] };

function shareData(lang: MailLanguage, overrides: Partial<ShareMailData> = {}): ShareMailData {
  return {
    lang,
    senderEmail: 'ann@example.com',
    fileName: 'a.zip',
    sizeLabel: '5.12 MB',
    downloadUrl: 'http://localhost:8080/r/AbCdEfGh12',
    expiresIn: expiresInLabel(new Date(Date.UTC(2026, 0, 3)), new Date(Date.UTC(2026, 0, 1)), lang),
    message: 'Hi!',
    year: 2026,
    recipients: ['bob@example.com', 'eve@example.org'],
    ...overrides,
  };
}

describe('mail texts in every interface language', () => {
  it('covers the 17 interface languages', () => {
    expect([...MAIL_LANGUAGES].sort()).toEqual([
      'ar',
      'bn',
      'de',
      'en',
      'es',
      'fr',
      'he',
      'hi',
      'id',
      'it',
      'ja',
      'nl',
      'pl',
      'pt',
      'sv',
      'tr',
      'uk',
    ]);
    expect(Object.keys(strings).sort()).toEqual([...MAIL_LANGUAGES].sort());
  });

  it.each(MAIL_LANGUAGES)('%s has every key of MailStrings, none empty', (lang) => {
    const t = strings[lang];
    expect(Object.keys(t).sort()).toEqual(keys);
    for (const key of keys) {
      const value = t[key];
      const text =
        typeof value === 'function'
          ? (value as (...args: unknown[]) => string)(...(sampleArgs[key] ?? ['Ann', 'a.zip']))
          : value;
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
      // Arabic says one and two by the noun alone (the dual), without the digit.
      if (lang === 'ar' && n <= 2 && n > 0) continue;
      // Bengali writes the count in Bengali digits, as Intl writes the sizes and dates beside it.
      const digits = lang === 'bn' ? new Intl.NumberFormat('bn').format(n) : String(n);
      expect(t.copySubject('a.zip', n), `${lang}.copySubject(${n})`).toContain(digits);
      expect(t.copyIntro(n), `${lang}.copyIntro(${n})`).toContain(digits);
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

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
const NOW = new Date(Date.UTC(2026, 0, 1));
/** The mail's time label for a link that expires `ms` after NOW. */
const timeLeft = (ms: number, lang: MailLanguage) => expiresInLabel(new Date(NOW.getTime() + ms), NOW, lang);

describe('time left in mails (formatCountdown of @ferry/rules, in words)', () => {
  it('writes Arabic duals without the number and joins the units with "و", like the screens', () => {
    expect(timeLeft(2 * DAY + 2 * HOUR, 'ar')).toBe('يومان وساعتان');
    expect(timeLeft(2 * DAY, 'ar')).toBe('يومان');
    expect(timeLeft(DAY + HOUR, 'ar')).toBe('يوم وساعة');
    expect(timeLeft(3 * DAY + 5 * HOUR, 'ar')).toBe('3 أيام و5 ساعات');
    expect(timeLeft(11 * DAY, 'ar')).toBe('11 يومًا');
    expect(timeLeft(2 * DAY, 'ar')).not.toMatch(/\d/);
  });

  it('chooses the Hindi "घंटा"/"घंटे" by the number itself', () => {
    expect(timeLeft(HOUR + 5 * MIN, 'hi')).toBe('1 घंटा और 5 मिनट');
    expect(timeLeft(5 * HOUR, 'hi')).toBe('5 घंटे');
    expect(timeLeft(2 * DAY + 2 * HOUR, 'hi')).toBe('2 दिन और 2 घंटे');
  });

  it('reads naturally in the other reviewed languages', () => {
    expect(timeLeft(6 * DAY + 5 * HOUR + MIN, 'en')).toBe('6 days, 5 hours');
    expect(timeLeft(6 * DAY + 5 * HOUR, 'de')).toBe('6 Tage, 5 Stunden');
    expect(timeLeft(DAY + HOUR, 'de')).toBe('1 Tag, 1 Stunde');
    expect(timeLeft(2 * DAY + HOUR, 'fr')).toBe('2\u00a0jours et 1\u00a0heure');
    expect(timeLeft(2 * DAY + HOUR, 'es')).toBe('2 días y 1 hora');
    expect(timeLeft(6 * DAY + 5 * HOUR, 'ja')).toBe('6日5時間');
    expect(timeLeft(6 * DAY + 5 * HOUR + MIN, 'pl')).toBe('6 dni i 5 godzin');
    expect(timeLeft(22 * HOUR + 3 * MIN, 'pl')).toBe('22 godziny i 3 minuty');
    expect(timeLeft(6 * DAY + 5 * HOUR, 'tr')).toBe('6 gün 5 saat');
    expect(timeLeft(21 * DAY, 'uk')).toBe('21 день');
    expect(timeLeft(5 * HOUR, 'he')).toBe('5 שעות');
  });

  it('leaves out a zero second unit, and is the expired text when past, empty when unknown', () => {
    expect(timeLeft(2 * DAY + 30 * MIN, 'en')).toBe('2 days');
    expect(timeLeft(3 * HOUR, 'nl')).toBe('3 uur');
    expect(timeLeft(0, 'de')).toBe('abgelaufen');
    expect(expiresInLabel(undefined, NOW, 'en')).toBe('');
  });

  it('renders the same words in every mail that shows a time', () => {
    const expiresIn = timeLeft(2 * DAY + 2 * HOUR, 'ar');
    expect(renderReceiverMail(shareData('ar', { expiresIn })).text).toContain('المدة المتبقية: يومان وساعتان');
    expect(
      renderFirstDownloadNotice({
        lang: 'ar',
        fileName: 'a.zip',
        sizeLabel: '3 B',
        expiresIn,
        link: '',
        downloadedAt: '',
        year: 2026,
      }).text,
    ).toContain('الوقت المتبقي: يومان وساعتان');
  });
});

describe('plural forms (Intl.PluralRules)', () => {
  it('uses the Polish one / few / many forms', () => {
    const t = strings.pl;
    expect(t.copyIntro(1)).toContain('do 1 odbiorcy');
    expect(t.copyIntro(5)).toContain('do 5 odbiorców');
  });

  it('says one and two Arabic recipients without the digit, and writes the number from three on', () => {
    expect(strings.ar.copySubject('a.zip', 1)).toBe('شاركت a.zip مع مستلم واحد');
    expect(strings.ar.copySubject('a.zip', 2)).toBe('شاركت a.zip مع مستلمَين');
    expect(strings.ar.copyIntro(2)).toContain('إلى مستلمَين');
    expect([3, 11, 100].map((n) => strings.ar.copySubject('a.zip', n))).toEqual([
      'شاركت a.zip مع 3 مستلمين',
      'شاركت a.zip مع 11 مستلمًا',
      'شاركت a.zip مع 100 مستلم',
    ]);
  });

  it('keeps the English forms', () => {
    expect([1, 2].map((n) => strings.en.copySubject('a.zip', n))).toEqual([
      'You shared a.zip with 1 recipient',
      'You shared a.zip with 2 recipients',
    ]);
  });

  it('falls back to the other form for a category that is left out', () => {
    expect(plural('pl', 5, { one: 'dzień', other: 'dni' })).toBe('dni');
    expect(plural('ar', 2, { two: 'يومان', other: 'يوم' })).toBe('يومان');
    expect(plural('ar', 0, { other: 'يوم' })).toBe('يوم');
  });
});

describe('reviewed sentences', () => {
  it('uses the screens’ words: Japanese "Google Drive" and "フォルダー", Hindi "शेयर", Polish shares "w Ferry"', () => {
    const all = (lang: MailLanguage) =>
      JSON.stringify(cleanupStrings[lang]) +
      Object.values(strings[lang])
        .map((v) => (typeof v === 'function' ? (v as (...a: unknown[]) => string)('Ann', 'a.zip') : v))
        .join(' ');
    expect(all('ja')).not.toMatch(/ドライブ|フォルダ(?!ー)/);
    expect(all('hi')).not.toContain('साझा');
    expect(cleanupStrings.pl.intro).toContain('udostępniasz w Ferry');
    expect(strings.hi.expired).toBe('समय-सीमा खत्म');
  });

  it('writes the trial reminders without a gendered Polish verb, the Hindi "खाता" of the screens and the Turkish "deneme süresi"', () => {
    const text = (lang: MailLanguage) =>
      JSON.stringify(accountNoticeStrings[lang]) +
      Object.values(accountNoticeStrings[lang].body)
        .map((f) => f('1 May 2026'))
        .join(' ');
    expect(text('pl')).not.toMatch(/utworzyłeś|rozpocząłeś/);
    expect(text('hi')).not.toContain('अकाउंट');
    expect(text('tr')).not.toContain('deneme sürümü');
  });

  it('gives the Turkish subject the accusative: "… size bir dosya gönderdi: {file}"', () => {
    expect(strings.tr.receiverSubject('ann@example.com', 'a.zip')).toBe(
      'ann@example.com size bir dosya gönderdi: a.zip',
    );
  });

  it('sets a French label’s colon off with a no-break space, other languages without', () => {
    const fr = renderReceiverMail(shareData('fr', { sizeLabel: '5 Mo' })).text;
    expect(fr).toContain('Taille\u00a0: 5 Mo');
    expect(fr).toContain('Message de ann@example.com\u00a0:\nHi!');
    expect(renderReceiverMail(shareData('de', { sizeLabel: '5 MB' })).text).toContain('Größe: 5 MB');
  });

  it('names what the uploader’s button does, in every language, never just "Link"', () => {
    for (const lang of MAIL_LANGUAGES) {
      const t = strings[lang];
      expect(t.openDownloadPage, lang).not.toBe(t.link);
      const copy = renderUploaderCopy(shareData(lang)).html;
      expect(copy, lang).toMatch(new RegExp(`>${t.openDownloadPage}</a>`));
      const notice = renderFirstDownloadNotice({
        lang,
        fileName: 'a.zip',
        sizeLabel: '3 B',
        expiresIn: '',
        link: 'http://localhost:8080/r/AbCdEfGh12',
        downloadedAt: '',
        year: 2026,
      }).html;
      expect(notice, lang).toContain(`>${t.openDownloadPage}</a>`);
    }
    expect(strings.en.openDownloadPage).toBe('Open the download page');
    expect(strings.de.openDownloadPage).toBe('Download-Seite öffnen');
  });
});

describe('mail layout direction', () => {
  it.each(['ar', 'he'] as const)('renders %s mails right-to-left', (lang) => {
    for (const mail of [
      renderReceiverMail(shareData(lang)),
      renderUploaderCopy(shareData(lang)),
      renderFirstDownloadNotice({
        lang,
        fileName: 'a.zip',
        sizeLabel: '3 B',
        expiresIn: '',
        link: '',
        downloadedAt: '',
        year: 2026,
      }),
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
