import { describe, expect, it } from 'vitest';
import { classifyCode, isValidShortId } from './codes.js';

describe('isValidShortId', () => {
  it.each(['AbCdEfGh', 'abc_def-12', 'A1234567890_-xyz'])('accepts %s', (id) => expect(isValidShortId(id)).toBe(true));
  it.each(['short', 'A1234567890_-xyzQ', 'has space1', 'dot.dot.dot', '../../etc', '%2Fabcdefg', 'ünïcödé1', ''])(
    'refuses %s',
    (id) => expect(isValidShortId(id)).toBe(false),
  );
  it.each(['uc', 'UC', 'faq', 'upload', 'account', 'privacy'])('never takes the route word %s for a short id', (word) =>
    expect(isValidShortId(word)).toBe(false),
  );
});

describe('classifyCode', () => {
  it('reads 8 to 16 characters as a slug and longer as a token code', () => {
    expect(classifyCode('AbCdEfGh')).toBe('slug');
    expect(classifyCode('AbCdEfGhIjKlMnOp')).toBe('slug');
    expect(classifyCode('AbCdEfGhIjKlMnOpQ')).toBe('token');
  });
  it('refuses short, hostile and huge values', () => {
    expect(classifyCode('uc')).toBe('invalid');
    expect(classifyCode('abc')).toBe('invalid');
    expect(classifyCode('../../../../etc/passwd')).toBe('invalid');
    expect(classifyCode('x'.repeat(10_000))).toBe('invalid');
  });
});
