import { describe, expect, it } from 'vitest';
import { INVALID_RECIPIENTS_MESSAGE, parseRecipients } from './recipients.js';

describe('parseRecipients', () => {
  it('splits on commas, semicolons and whitespace, trims and de-duplicates', () => {
    expect(parseRecipients(' a@x.io, b@x.io;c@x.io\nA@X.io  d@x.io ')).toEqual({ ok: true, recipients: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'] });
  });

  it('accepts an already split list', () => {
    expect(parseRecipients(['a@x.io', 'a@x.io', 'b@x.io'])).toEqual({ ok: true, recipients: ['a@x.io', 'b@x.io'] });
  });

  it('needs at least one entry', () => {
    expect(parseRecipients(' ,; ')).toEqual({ ok: false, error: INVALID_RECIPIENTS_MESSAGE });
  });

  it('needs an @ in every entry', () => {
    expect(parseRecipients('a@x.io, bob')).toEqual({ ok: false, error: 'Please enter at least one email address' });
  });
});
