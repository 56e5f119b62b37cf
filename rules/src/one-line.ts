// Cc is C0 (CR, LF, TAB, NUL, …), DEL and C1; then the Unicode line and paragraph separators.
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;

/**
 * True when a value that must stay on one line (a link, a claimed file name, a URL going into a
 * mail) holds a line break or another control character, so it could split a header or a log line.
 */
export function hasLineBreakOrControl(value: string): boolean {
  return LINE_BREAK_OR_CONTROL.test(value);
}
