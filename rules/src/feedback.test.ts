import { describe, expect, it } from 'vitest';
import { feedbackProblem, MAX_FEEDBACK_LENGTH } from './feedback.js';

describe('feedbackProblem', () => {
  it('accepts a message with line breaks up to the limit', () => {
    expect(feedbackProblem('Great product!\n\tThanks')).toBeUndefined();
    expect(feedbackProblem('x'.repeat(MAX_FEEDBACK_LENGTH))).toBeUndefined();
  });
  it('refuses an empty or blank message', () => {
    expect(feedbackProblem('')).toBe('empty');
    expect(feedbackProblem(' \n\t ')).toBe('empty');
  });
  it('refuses a message past the limit', () => {
    expect(feedbackProblem('x'.repeat(MAX_FEEDBACK_LENGTH + 1))).toBe('too-long');
  });
  it('refuses carriage returns and other control characters', () => {
    expect(feedbackProblem('a\rb')).toBe('control');
    expect(feedbackProblem('a\u0000b')).toBe('control');
    expect(feedbackProblem('a\u2028b')).toBe('control');
  });
});
