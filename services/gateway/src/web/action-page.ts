import {
  DESIGN_TOKENS,
  displayFileName,
  formatDate,
  normaliseLanguage,
  textDirection,
  type LanguageCode,
} from '@ferry/rules';
import { actionPageStrings } from './action-page-strings.js';

export type ActionOutcome =
  | { kind: 'extended'; fileName: string; expiresAt: Date }
  | { kind: 'alreadyUsed' | 'refused' | 'expired' | 'gone' | 'atCap' | 'failed' };

/** This page only: no script, its own inline style, nothing else loads. */
export const ACTION_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dateLocale = (lang: LanguageCode) => (lang === 'en' ? 'en-GB' : lang);

/** The small page behind a mail's one-click "+1 day": what happened, in the owner's language. */
export function renderActionPage(language: string, outcome: ActionOutcome, publicOrigin: string): string {
  const lang = normaliseLanguage(language);
  const t = actionPageStrings[lang];
  const dir = textDirection(lang);
  const c = DESIGN_TOKENS.color;
  const name = outcome.kind === 'extended' ? displayFileName(outcome.fileName) : '';
  const message =
    outcome.kind === 'extended'
      ? t.extended(
          // A Latin name inside a right-to-left sentence keeps its own direction.
          dir === 'rtl' ? `\u2068${name}\u2069` : name,
          `${formatDate(outcome.expiresAt, dateLocale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`,
        )
      : t[outcome.kind];
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)} · Ferry</title></head>
<body style="margin:0;padding:24px;background:${c.themeSoft};font-family:system-ui,Arial,sans-serif;color:${c.ink}">
<main style="max-width:520px;margin:10vh auto 0;background:${c.surface};border-radius:12px;padding:24px">
<p style="font-size:20px;font-weight:bold;margin:0 0 12px">Ferry</p>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(t.title)}</h1>
<p data-outcome="${outcome.kind}" style="font-size:16px;line-height:1.5">${escapeHtml(message)}</p>
<p style="margin-top:20px"><a href="${escapeHtml(publicOrigin)}/upload" style="color:${c.accent}">${escapeHtml(t.open)}</a></p>
</main></body></html>`;
}
