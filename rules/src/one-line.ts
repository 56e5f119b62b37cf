// C0 controls (CR, LF, TAB, NUL, …), DEL, C1 controls, and the Unicode line and paragraph separators.
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * True when a value that must stay on one line (a link, a claimed file name, a URL going into a
 * mail) holds a line break or another control character, so it could split a header or a log line.
 */
export function hasLineBreakOrControl(value: string): boolean {
  return LINE_BREAK_OR_CONTROL.test(value);
}
