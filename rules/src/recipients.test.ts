import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMailAddress, normalizeAddress } from './mail-address.js';
import { INVALID_RECIPIENTS_MESSAGE, parseRecipients } from './recipients.js';

const address = fc.emailAddress().filter(isMailAddress);
const separator = fc.stringMatching(/^[,;\s]+$/);

/** `parts` joined by arbitrary runs of separators, with separators around them too. */
const joined = (parts: string[], seps: string[]) =>
  parts.map((p, i) => `${seps[i % seps.length] ?? ','}${p}`).join('') + (seps[0] ?? '');

describe('parseRecipients (spec §5)', () => {
  it('reads any separated list of addresses back as its distinct entries, in order', () => {
    fc.assert(
      fc.property(
        fc.array(address, { minLength: 1, maxLength: 12 }),
        fc.array(separator, { minLength: 1, maxLength: 4 }),
        (list, seps) => {
          const result = parseRecipients(joined(list, seps));
          const distinct = list.filter(
            (a, i) => list.findIndex((b) => normalizeAddress(b) === normalizeAddress(a)) === i,
          );
          expect(result).toEqual({ ok: true, recipients: distinct });
        },
      ),
    );
  });
  it('gives the same answer for a string and for its pieces as a list', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(address, fc.string({ maxLength: 12 })), { maxLength: 8 }), (pieces) => {
        expect(parseRecipients(pieces)).toEqual(parseRecipients(pieces.join(',')));
      }),
    );
  });
  it('never keeps two entries that differ only in case', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            address,
            address.map((a) => a.toUpperCase()),
          ),
          { maxLength: 10 },
        ),
        (list) => {
          const result = parseRecipients(list);
          if (!result.ok) return true;
          return new Set(result.recipients.map(normalizeAddress)).size === result.recipients.length;
        },
      ),
    );
  });
  it('names exactly the entries that are not addresses', () => {
    fc.assert(
      fc.property(
        fc.array(address, { maxLength: 5 }),
        fc.array(
          fc.string({ minLength: 1, maxLength: 10 }).filter((s) => !/[,;\s@]/.test(s)),
          { minLength: 1, maxLength: 3 },
        ),
        (good, bad) => {
          const result = parseRecipients([...good, ...bad]);
          const wanted = bad.filter((b, i) => bad.findIndex((c) => normalizeAddress(c) === normalizeAddress(b)) === i);
          expect(result).toEqual({ ok: false, problem: 'invalid', invalid: wanted });
        },
      ),
    );
  });
  it('refuses more distinct addresses than the maximum, and only then', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(address, { minLength: 1, maxLength: 10, selector: normalizeAddress }),
        fc.integer({ min: 1, max: 10 }),
        (list, max) => {
          const result = parseRecipients(list, max);
          expect(result.ok).toBe(list.length <= max);
          if (!result.ok) expect(result).toEqual({ ok: false, problem: 'too-many', max });
        },
      ),
    );
  });

  it('splits on commas, semicolons and whitespace, trims and de-duplicates', () => {
    expect(parseRecipients(' a@x.io, b@x.io;c@x.io\nA@X.io  d@x.io ')).toEqual({
      ok: true,
      recipients: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'],
    });
    expect(parseRecipients(' a@x.io;b@y.io ,\n a@x.io\tc@z.io ')).toEqual({
      ok: true,
      recipients: ['a@x.io', 'b@y.io', 'c@z.io'],
    });
  });
  it('accepts an already split list', () => {
    expect(parseRecipients(['a@x.io', 'a@x.io', 'b@x.io'])).toEqual({ ok: true, recipients: ['a@x.io', 'b@x.io'] });
  });
  it('needs at least one entry', () => {
    expect(parseRecipients(' ,; ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseRecipients('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseRecipients([])).toEqual({ ok: false, problem: 'empty' });
  });
  it('needs every entry to be an address, and names the ones that are not', () => {
    expect(parseRecipients('a@x.io, bob')).toEqual({ ok: false, problem: 'invalid', invalid: ['bob'] });
    expect(parseRecipients('a@x.io, b, @x.io, c@, b')).toEqual({
      ok: false,
      problem: 'invalid',
      invalid: ['b', '@x.io', 'c@'],
    });
  });
  it('keeps the spec §8 text', () =>
    expect(INVALID_RECIPIENTS_MESSAGE).toBe('Please enter at least one email address'));
});
