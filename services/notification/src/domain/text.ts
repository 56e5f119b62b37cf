/** Text rules for header values: names and subjects are one line (the message rule is @ferry/rules' shareMessageProblem). */

const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when a single-line value (file name, subject part) contains any control character (CR, LF, …). */
export function hasLineBreakOrControl(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/** Collapses every control character and run of whitespace into one space (defence in depth for headers). */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
