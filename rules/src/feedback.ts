import { shareMessageProblem } from './share-message.js';

/** A feedback message: at most this many characters (the dialog's field and every server agree). */
export const MAX_FEEDBACK_LENGTH = 2_000;

/**
 * Why a feedback message is refused, or undefined when it is fine: `empty` when it has nothing but
 * white space, `too-long` past MAX_FEEDBACK_LENGTH, `control` for CR or another control character
 * (the same rule as a share mail's message: LF and TAB are kept).
 */
export function feedbackProblem(message: string): 'empty' | 'too-long' | 'control' | undefined {
  if (message.trim() === '') return 'empty';
  if (message.length > MAX_FEEDBACK_LENGTH) return 'too-long';
  return shareMessageProblem(message) === 'control' ? 'control' : undefined;
}
