import { displayFileName, formatDate } from '@ferry/rules';
import { DESIGN_TOKENS } from '@ferry/rules';
import { oneLine } from '../domain/text.js';
import { textDirection } from '@ferry/rules';
import { strings, type MailLanguage } from './i18n.js';
import { cleanupStrings } from './cleanup-strings.js';
import { moreTimeStrings } from './more-time-strings.js';
import { accountDeletedStrings } from './account-deleted-strings.js';
import { accountNoticeStrings, type AccountNoticeType } from './account-notice-strings.js';
import { dateLocale } from './i18n.js';

/** A rendered mail: what the relay sends, stored in the outbox payload. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface ShareMailData {
  lang: MailLanguage;
  senderEmail: string;
  fileName: string;
  sizeLabel: string;
  downloadUrl: string;
  expiresIn: string;
  message: string;
  year: number;
  recipients: string[];
  /** The sender's copy only: the signed one-click "+1 day" for this link. */
  extendUrl?: string;
}

export interface NoticeData {
  lang: MailLanguage;
  fileName: string;
  sizeLabel: string;
  expiresIn: string;
  link: string;
  downloadedAt: string;
  year: number;
  /** The owner's signed one-click "+1 day" for this link. */
  extendUrl?: string;
}

/** The site's colours, so that the mails look like the product. */
const color = DESIGN_TOKENS.color;

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const paragraphs = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');

/** `dir` on the container as well: webmail clients drop the attributes of <html> and <body>. */
function layout(lang: MailLanguage, title: string, inner: string, footer: string, year: number): string {
  return `<!doctype html><html lang="${lang}" dir="${textDirection(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:${color.themeSoft};font-family:Arial,Helvetica,sans-serif;color:${color.ink}">
<div dir="${textDirection(lang)}" style="max-width:560px;margin:0 auto;background:${color.surface};border-radius:12px;padding:24px;text-align:${textDirection(lang) === 'rtl' ? 'right' : 'left'}">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">Ferry</p>
${inner}
<p style="color:${color.muted};font-size:12px;margin-top:24px">${escapeHtml(footer)}<br>© ${year} Ferry</p>
</div></body></html>`;
}

/** Inline styles that depend on the writing direction (mail clients ignore logical CSS properties). */
const sides = (lang: MailLanguage) =>
  textDirection(lang) === 'rtl'
    ? { labelPadding: 'padding:2px 0 2px 12px', quoteBorder: `border-right:3px solid ${color.accent}` }
    : { labelPadding: 'padding:2px 12px 2px 0', quoteBorder: `border-left:3px solid ${color.accent}` };
const row = (lang: MailLanguage, label: string, value: string) =>
  value
    ? `<tr><td style="color:${color.muted};${sides(lang).labelPadding}">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`
    : '';
const quote = (lang: MailLanguage, label: string, message: string) =>
  `<p style="margin-top:16px;color:${color.muted}">${escapeHtml(label)}${colon(lang)}</p><blockquote style="margin:0;padding:8px 12px;${sides(lang).quoteBorder}">${paragraphs(message)}</blockquote>`;
const button = (label: string, url: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:${color.accent};color:${color.onAccent};padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;
/** A label's colon: French sets it off with a no-break space ("Taille : 5 Mo"). */
const colon = (lang: MailLanguage) => (lang === 'fr' ? '\u00a0:' : ':');
const lines = (lang: MailLanguage, ...items: Array<[string, string]>) =>
  items
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}${colon(lang)} ${v}`)
    .join('\n');

/** Longest file name in a subject: the sentence around it stays whole within the 200-character subject. */
const SUBJECT_NAME_LENGTH = 100;

/**
 * The file name as a subject shows it: cleaned by the shared rule (no bidi controls, one line,
 * middle elided with the extension kept). It is passed to nodemailer as the `subject` value, which
 * encodes it per RFC 2047; no header is ever built from it by hand.
 */
const subjectName = (fileName: string) => displayFileName(fileName, SUBJECT_NAME_LENGTH);

/**
 * A name or address inside a right-to-left sentence, isolated (FSI … PDI) so that a Latin file name
 * at the start of a Hebrew subject does not turn the whole line left to right.
 */
const isolate = (lang: MailLanguage, value: string) => (textDirection(lang) === 'rtl' ? `\u2068${value}\u2069` : value);

/** The sender's "+1 day" in the copy of a share: the button and what it does (the more-time mail's words). */
const extendBlock = (lang: MailLanguage, url: string | undefined) =>
  url
    ? `\n${button(moreTimeStrings[lang].button, url)}<p style="font-size:12px;color:${color.muted}">${escapeHtml(moreTimeStrings[lang].explain)}</p>`
    : '';
const extendText = (lang: MailLanguage, url: string | undefined) =>
  url ? `\n${moreTimeStrings[lang].button}${colon(lang)} ${url}\n${moreTimeStrings[lang].explain}\n` : '';

/** The receiver mail (type receiver): file, size, download URL, time left, the sender's message. */
export function renderReceiverMail(d: ShareMailData): RenderedMail {
  const t = strings[d.lang];
  const name = displayFileName(d.fileName);
  const sender = isolate(d.lang, d.senderEmail);
  const subject = oneLine(t.receiverSubject(sender, isolate(d.lang, subjectName(d.fileName))), 200);
  const messageText = d.message ? `\n\n${t.messageFrom(sender)}${colon(d.lang)}\n${d.message}` : '';
  const text = `${t.receiverIntro(sender)}\n\n${name}\n${lines(d.lang, [t.size, d.sizeLabel], [t.availableFor, d.expiresIn], [t.download, d.downloadUrl])}${messageText}\n\n-- \n${t.receiverFooter(sender)}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(t.receiverIntro(sender))}</p>
<p style="font-size:18px;font-weight:bold;margin:16px 0 8px">${escapeHtml(name)}</p>
<table style="font-size:14px">${row(d.lang, t.size, d.sizeLabel)}${row(d.lang, t.availableFor, d.expiresIn)}</table>
${button(t.download, d.downloadUrl)}<p style="font-size:12px;color:${color.muted};word-break:break-all">${escapeHtml(d.downloadUrl)}</p>
${d.message ? quote(d.lang, t.messageFrom(sender), d.message) : ''}`;
  return { subject, text, html: layout(d.lang, subject, inner, t.receiverFooter(sender), d.year) };
}

/** The uploader's copy (type start): the same share with the recipient list. */
export function renderUploaderCopy(d: ShareMailData): RenderedMail {
  const t = strings[d.lang];
  const name = displayFileName(d.fileName);
  const subject = oneLine(t.copySubject(isolate(d.lang, subjectName(d.fileName)), d.recipients.length), 200);
  const messageText = d.message ? `\n\n${t.yourMessage}${colon(d.lang)}\n${d.message}` : '';
  const text = `${t.copyIntro(d.recipients.length)}\n\n${name}\n${lines(
    d.lang,
    [t.size, d.sizeLabel],
    [t.availableFor, d.expiresIn],
    [t.link, d.downloadUrl],
    [t.recipients, d.recipients.join(', ')],
  )}${messageText}\n\n-- \n${t.copyFooter}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(t.copyIntro(d.recipients.length))}</p>
<p style="font-size:18px;font-weight:bold;margin:16px 0 8px">${escapeHtml(name)}</p>
<table style="font-size:14px">${row(d.lang, t.size, d.sizeLabel)}${row(d.lang, t.availableFor, d.expiresIn)}${row(d.lang, t.recipients, d.recipients.join(', '))}</table>
${button(t.openDownloadPage, d.downloadUrl)}<p style="font-size:12px;color:${color.muted};word-break:break-all">${escapeHtml(d.downloadUrl)}</p>
${d.message ? quote(d.lang, t.yourMessage, d.message) : ''}${extendBlock(d.lang, d.extendUrl)}`;
  return {
    subject,
    text: text + extendText(d.lang, d.extendUrl),
    html: layout(d.lang, subject, inner, t.copyFooter, d.year),
  };
}

/** The first-download notice to the owner. */
export function renderFirstDownloadNotice(d: NoticeData): RenderedMail {
  const t = strings[d.lang];
  const name = displayFileName(d.fileName);
  const subject = oneLine(t.noticeSubject(isolate(d.lang, subjectName(d.fileName))), 200);
  const text = `${t.noticeIntro}\n\n${name}\n${lines(d.lang, [t.size, d.sizeLabel], [t.downloadedAt, d.downloadedAt], [t.timeLeft, d.expiresIn], [t.link, d.link])}\n\n-- \n${t.noticeFooter}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(t.noticeIntro)}</p>
<p style="font-size:18px;font-weight:bold;margin:16px 0 8px">${escapeHtml(name)}</p>
<table style="font-size:14px">${row(d.lang, t.size, d.sizeLabel)}${row(d.lang, t.downloadedAt, d.downloadedAt)}${row(d.lang, t.timeLeft, d.expiresIn)}</table>
${d.link ? button(t.openDownloadPage, d.link) : ''}${extendBlock(d.lang, d.extendUrl)}`;
  return {
    subject,
    text: text + extendText(d.lang, d.extendUrl),
    html: layout(d.lang, subject, inner, t.noticeFooter, d.year),
  };
}

/** To a link owner: Ferry could not remove their expired files (no Drive grant); how to finish. */
export function renderCleanupNotice(d: { lang: MailLanguage; signInUrl: string; year: number }): RenderedMail {
  const t = cleanupStrings[d.lang];
  const subject = oneLine(t.subject, 200);
  const text = `${t.intro}\n\n${t.howTo}\n\n${t.signIn}${colon(d.lang)} ${d.signInUrl}\n\n-- \n${t.footer}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(t.intro)}</p>
<p>${escapeHtml(t.howTo)}</p>
${button(t.signIn, d.signInUrl)}`;
  return { subject, text, html: layout(d.lang, subject, inner, t.footer, d.year) };
}

/** The last mail of a deleted account: what was deleted, and where the files are. */
export function renderAccountDeleted(d: { lang: MailLanguage; filesTrashed: boolean; year: number }): RenderedMail {
  const t = accountDeletedStrings[d.lang];
  const subject = oneLine(t.subject, 200);
  const files = d.filesTrashed ? t.trashed : t.kept;
  const text = `${t.done}\n\n${files}\n\n-- \n${t.footer}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(t.done)}</p>
<p>${escapeHtml(files)}</p>`;
  return { subject, text, html: layout(d.lang, subject, inner, t.footer, d.year) };
}

/** A trial reminder (7 days, 1 day before the trial's end, or ended), with a button to the account page's plans. */
export function renderAccountNotice(d: {
  lang: MailLanguage;
  type: AccountNoticeType;
  trialEndsAt: Date;
  accountUrl: string;
  year: number;
}): RenderedMail {
  const t = accountNoticeStrings[d.lang];
  const date = formatDate(d.trialEndsAt, dateLocale(d.lang), { dateStyle: 'long', timeZone: 'UTC' });
  const subject = oneLine(t.subject[d.type], 200);
  const body = t.body[d.type](date);
  const text = `${body}\n\n${t.keep}\n\n${t.choosePlan}${colon(d.lang)} ${d.accountUrl}\n\n-- \n${t.footer}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(body)}</p>
<p>${escapeHtml(t.keep)}</p>
${button(t.choosePlan, d.accountUrl)}`;
  return { subject, text, html: layout(d.lang, subject, inner, t.footer, d.year) };
}

export interface FeedbackMailData {
  message: string;
  /** The visitor's address for an answer, or ''. */
  replyTo: string;
  /** The page it was sent from (path pattern, no code). */
  page: string;
  /** The page's language. */
  language: string;
  receivedAt: Date;
}

/** A visitor's feedback, to the team: in English (the team's language), the message quoted as typed. */
export function renderFeedbackMail(d: FeedbackMailData): RenderedMail {
  const subject = oneLine(`Feedback: ${d.message}`, 80);
  const facts: Array<[string, string]> = [
    ['Reply to', d.replyTo || 'no address given'],
    ['Page', d.page],
    ['Language', d.language],
    ['Received', d.receivedAt.toISOString()],
  ];
  const text = `${d.message}\n\n-- \n${lines('en', ...facts)}\n`;
  const inner = `<p>A visitor sent feedback:</p>
<blockquote style="margin:0;padding:8px 12px;${sides('en').quoteBorder}">${paragraphs(d.message)}</blockquote>
<table style="font-size:14px;margin-top:16px">${facts.map(([k, v]) => row('en', k, v)).join('')}</table>`;
  return {
    subject,
    text,
    html: layout('en', subject, inner, 'Sent from the feedback button on the site.', d.receivedAt.getUTCFullYear()),
  };
}

/** To a link's owner: a recipient asks for more time, with the signed one-click "+1 day" button. */
export function renderMoreTimeRequest(d: {
  lang: MailLanguage;
  fileName: string;
  expiresAt: Date;
  requesterName: string;
  message: string;
  extendUrl: string;
  year: number;
}): RenderedMail {
  const t = moreTimeStrings[d.lang];
  const name = displayFileName(d.fileName);
  const requester = d.requesterName ? isolate(d.lang, d.requesterName) : '';
  const expires = `${formatDate(d.expiresAt, dateLocale(d.lang), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  const subject = oneLine(t.subject(isolate(d.lang, subjectName(d.fileName))), 200);
  const messageText = d.message ? `\n\n${t.theirMessage}${colon(d.lang)}\n${d.message}` : '';
  const text = `${t.intro(requester)}\n\n${name}\n${lines(d.lang, [t.expires, expires])}${messageText}\n\n${t.button}${colon(d.lang)} ${d.extendUrl}\n${t.explain}\n\n-- \n${t.footer}\n© ${d.year} Ferry\n`;
  const inner = `<p>${escapeHtml(t.intro(requester))}</p>
<p style="font-size:18px;font-weight:bold;margin:16px 0 8px">${escapeHtml(name)}</p>
<table style="font-size:14px">${row(d.lang, t.expires, expires)}</table>
${d.message ? quote(d.lang, t.theirMessage, d.message) : ''}
${button(t.button, d.extendUrl)}<p style="font-size:12px;color:${color.muted}">${escapeHtml(t.explain)}</p>`;
  return { subject, text, html: layout(d.lang, subject, inner, t.footer, d.year) };
}

export interface AbuseReportMailData {
  slug: string;
  reason: string;
  details: string;
  replyTo: string;
  downloadPageUrl: string;
  fileName: string;
  ownerEmail: string;
  adminUrl: string;
  receivedAt: Date;
}

/** To the abuse address: a visitor's report of a link, with the administrators' screen to act on it (in English, for the team). */
export function renderAbuseReportMail(d: AbuseReportMailData): RenderedMail {
  const name = displayFileName(d.fileName);
  const subject = oneLine(`Abuse report (${d.reason}): ${subjectName(d.fileName)} /${d.slug}`, 160);
  const facts: Array<[string, string]> = [
    ['Reason', d.reason],
    ['Link', d.downloadPageUrl],
    ['File', name],
    ['Owner', d.ownerEmail],
    ['Reply to', d.replyTo || 'no address given'],
    ['Received', d.receivedAt.toISOString()],
  ];
  const details = d.details || '(no details given)';
  const text = `A visitor reported a file.\n\n${details}\n\n-- \n${lines('en', ...facts)}\n\nAct on it: ${d.adminUrl}\n`;
  const inner = `<p>A visitor reported a file:</p>
<blockquote style="margin:0;padding:8px 12px;${sides('en').quoteBorder}">${paragraphs(details)}</blockquote>
<table style="font-size:14px;margin-top:16px">${facts.map(([k, v]) => row('en', k, v)).join('')}</table>
${button('Open the administrators’ screen', d.adminUrl)}`;
  return {
    subject,
    text,
    html: layout(
      'en',
      subject,
      inner,
      'Sent from the “Report this file” button of a download page.',
      d.receivedAt.getUTCFullYear(),
    ),
  };
}
