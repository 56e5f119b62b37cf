/** Mail texts in the 17 interface languages (one file per language in ./strings/); English is the fallback. */
import type { LanguageCode } from '@ferry/rules';
import { ar } from './strings/ar.js';
import { bn } from './strings/bn.js';
import { de } from './strings/de.js';
import { en } from './strings/en.js';
import { es } from './strings/es.js';
import { fr } from './strings/fr.js';
import { he } from './strings/he.js';
import { hi } from './strings/hi.js';
import { id } from './strings/id.js';
import { it } from './strings/it.js';
import { ja } from './strings/ja.js';
import { nl } from './strings/nl.js';
import { pl } from './strings/pl.js';
import { pt } from './strings/pt.js';
import { sv } from './strings/sv.js';
import { tr } from './strings/tr.js';
import { uk } from './strings/uk.js';

/** A mail's language: one of the interface languages (`normaliseLanguage` of @ferry/rules picks it). */
export type MailLanguage = LanguageCode;

/** Locale for dates in a mail: the mail language itself, British English for English. */
export function dateLocale(lang: MailLanguage): string {
  return lang === 'en' ? 'en-GB' : lang;
}

export interface MailStrings {
  expired: string;
  receiverSubject(sender: string, file: string): string;
  receiverIntro(sender: string): string;
  download: string;
  size: string;
  availableFor: string;
  messageFrom(sender: string): string;
  receiverFooter(sender: string): string;
  copySubject(file: string, count: number): string;
  copyIntro(count: number): string;
  recipients: string;
  yourMessage: string;
  copyFooter: string;
  noticeSubject(file: string): string;
  noticeIntro: string;
  downloadedAt: string;
  timeLeft: string;
  /** The label of a link in the text part. */
  link: string;
  /** The button to the download page in the uploader's copy and the first-download notice. */
  openDownloadPage: string;
  noticeFooter: string;
}

export const strings: Record<MailLanguage, MailStrings> = {
  nl,
  en,
  de,
  fr,
  es,
  it,
  pt,
  sv,
  pl,
  tr,
  uk,
  ja,
  ar,
  bn,
  he,
  hi,
  id,
};
