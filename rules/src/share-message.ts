/** The personal message of a share mail: at most this many characters. */
export const MAX_SHARE_MESSAGE_LENGTH = 2_000;

// C0 controls except TAB and LF, DEL, C1 controls, and the Unicode line/paragraph separators.
const FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * Why a personal message is refused, or undefined when it is fine: `too-long` past
 * MAX_SHARE_MESSAGE_LENGTH, `control` for CR or another control character (LF and TAB are line
 * breaks and indents a mail keeps).
 */
export function shareMessageProblem(message: string): 'too-long' | 'control' | undefined {
  if (message.length > MAX_SHARE_MESSAGE_LENGTH) return 'too-long';
  return FORBIDDEN.test(message) ? 'control' : undefined;
}
