/**
 * The file-name rule: what Ferry stores of a drive file's name, and what it shows of it.
 *
 * Stored names are cleaned, not refused: Google Drive accepts names with NUL, CR/LF and other
 * controls, and refusing them would leave the user's finished upload without a link. Every C0/C1
 * control (NUL included: PostgreSQL refuses 0x00 in text) becomes a space, and lone UTF-16
 * surrogates become U+FFFD. The stored name keeps bidi marks and its full length, so nothing the
 * drive holds is lost beyond what a database or a mail header cannot carry.
 *
 * Displayed names (every place a name is shown: the download page, its <title> and meta tags, a zip's
 * entries, the upload list, the share modal, mails and their subjects, the administrators' page)
 * also lose the bidi control characters. They are removed rather than drawn visibly: removing them shows the
 * characters in their stored order, so `invoice\u202Efdp.exe` reads `invoicefdp.exe` and its real
 * extension is the last thing on the line; the surrounding `<bdi>` / FSI isolation keeps a
 * right-to-left name readable without them. Runs of whitespace become one space, and a name longer
 * than MAX_DISPLAY_LENGTH characters keeps its start and its extension around an ellipsis.
 */

/** Longest displayed name, in characters (code points). */
export const MAX_DISPLAY_LENGTH = 255;
/** Longest kept extension when a long name is elided (`.tar.gz` style tails longer than this are cut too). */
const MAX_KEPT_EXTENSION = 16;
/** What a name that is empty after cleaning is called. */
export const FALLBACK_FILE_NAME = 'file';

// Cc is C0, DEL and C1; then the Unicode line and paragraph separators.
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM; ALM.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const WHITESPACE_RUN = /\s+/g;

/** True when the value holds a character no displayed name may hold (controls and bidi controls). */
export function hasUnsafeNameCharacter(value: string): boolean {
  // search() ignores the global flag's lastIndex, unlike test().
  return value.search(CONTROLS) !== -1 || value.search(BIDI_CONTROLS) !== -1 || value.search(LONE_SURROGATE) !== -1;
}

/** The name as Ferry stores it: no controls (never 0x00), well-formed UTF-16, never empty. */
export function storedFileName(raw: string): string {
  const clean = raw.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROLS, ' ').trim();
  return clean || FALLBACK_FILE_NAME;
}

/** The name as Ferry shows it: one line, no bidi controls, at most MAX_DISPLAY_LENGTH characters. */
export function displayFileName(raw: string, maxLength = MAX_DISPLAY_LENGTH): string {
  const flat = storedFileName(raw).replace(BIDI_CONTROLS, '').replace(WHITESPACE_RUN, ' ').trim() || FALLBACK_FILE_NAME;
  return elideMiddle(flat, Math.max(maxLength, MAX_KEPT_EXTENSION + 2));
}

/** Keeps the start and the extension of a name longer than `max` characters, with `…` between. */
function elideMiddle(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  const tail = ext.length > 1 && ext.length <= MAX_KEPT_EXTENSION && !/\s/.test(name.slice(dot)) ? ext : [];
  const head = chars
    .slice(0, max - 1 - tail.length)
    .join('')
    .trimEnd();
  return `${head}…${tail.join('')}`;
}
