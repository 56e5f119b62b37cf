/** The personal message of a share mail: at most this many characters. */
export const MAX_SHARE_MESSAGE_LENGTH = 2_000;

// Control characters (Cc: C0, DEL, C1) except TAB and LF, and the Unicode line/paragraph separators.
const FORBIDDEN = /(?![\t\n])[\p{Cc}\u2028\u2029]/u;

/**
 * Why a personal message is refused, or undefined when it is fine: `too-long` past
 * MAX_SHARE_MESSAGE_LENGTH, `control` for CR or another control character (LF and TAB are line
 * breaks and indents a mail keeps).
 */
export function shareMessageProblem(message: string): 'too-long' | 'control' | undefined {
  if (message.length > MAX_SHARE_MESSAGE_LENGTH) return 'too-long';
  return FORBIDDEN.test(message) ? 'control' : undefined;
}
