/** Text rules for what users type: names and subjects are one line; messages may have LF line breaks. */

// C0 controls (except TAB and LF), DEL, C1 controls, and the Unicode line/paragraph separators.
const CONTROL_EXCEPT_TAB_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/;
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when a single-line value (file name, subject part) contains any control character (CR, LF, …). */
export function hasLineBreakOrControl(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/** True when a message contains CR or another control character; LF and TAB are allowed. */
export function hasForbiddenMessageChars(value: string): boolean {
  return CONTROL_EXCEPT_TAB_LF.test(value);
}

/** Collapses every control character and run of whitespace into one space (defence in depth for headers). */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
