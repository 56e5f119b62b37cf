// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterFaq, matchRanges, normaliseForSearch } from './search';
import type { ContentDocument } from './types';

const mark = (text: string, query: string) => {
  let out = '';
  let at = 0;
  for (const [start, end] of matchRanges(text, query)) {
    out += `${text.slice(at, start)}[${text.slice(start, end)}]`;
    at = end;
  }
  return out + text.slice(at);
};

describe('FAQ search normalisation', () => {
  it('ignores case and accents (NFD, marks dropped)', () => {
    expect(normaliseForSearch('Überweisung À Côté')).toBe('uberweisung a cote');
    expect(normaliseForSearch('İSTANBUL')).toBe('istanbul');
    expect(normaliseForSearch('مَرْحَبًا')).toBe('مرحبا');
  });

  it('finds matches regardless of accents on either side and maps them to the original text', () => {
    expect(mark('Résilier à tout moment', 'resilier')).toBe('[Résilier] à tout moment');
    expect(mark('cancel: resiliation, Résiliation', 'RÉSILIATION')).toBe('cancel: [resiliation], [Résiliation]');
    // A decomposed accent (e + combining acute) is highlighted together with its letter.
    expect(mark('cafe\u0301 time', 'cafe')).toBe('[cafe\u0301] time');
    expect(mark('A free account has 15 GB.', '15 gb')).toBe('A free account has [15 GB].');
    expect(mark('مَرْحَبًا بك', 'مرحبا')).toBe('[مَرْحَبًا] بك');
  });

  it('finds nothing for an empty query or nonsense', () => {
    expect(matchRanges('anything', '   ')).toEqual([]);
    expect(matchRanges('anything', 'zzqx')).toEqual([]);
  });
});

const doc: ContentDocument = {
  page: 'faq',
  language: 'en',
  description: 'd',
  intro: [],
  sections: [
    {
      id: 'upload',
      number: 1,
      title: 'Uploading',
      blocks: [{ type: 'paragraph', children: [{ type: 'text', text: 'Sizes and storage.' }] }],
      items: [
        {
          id: 'size',
          title: 'How large?',
          blocks: [
            {
              type: 'paragraph',
              children: [{ type: 'text', text: 'Up to your free space: 15 GB on a free account.' }],
            },
          ],
        },
        {
          id: 'close',
          title: 'Can I close the page?',
          blocks: [
            { type: 'list', ordered: false, items: [[{ type: 'strong', children: [{ type: 'text', text: 'No' }] }]] },
          ],
        },
      ],
    },
    {
      id: 'billing',
      number: 2,
      title: 'Price',
      blocks: [],
      items: [
        {
          id: 'price',
          title: 'What does it cost?',
          blocks: [{ type: 'paragraph', children: [{ type: 'text', text: '2 EUR a month.' }] }],
        },
      ],
    },
  ],
};

describe('filterFaq', () => {
  const shown = (query: string) =>
    filterFaq(doc, query).map((v) => `${v.section.id}:${v.items.map((i) => i.id).join(',')}`);

  it('keeps the questions whose question or answer matches', () => {
    expect(shown('15 gb')).toEqual(['upload:size']);
    expect(shown('close')).toEqual(['upload:close']);
    expect(shown('no')).toEqual(['upload:close']);
  });

  it('keeps a whole section when its title or description matches', () => {
    expect(shown('storage')).toEqual(['upload:size,close']);
    expect(shown('PRICE')).toEqual(['billing:price']);
  });

  it('shows everything without a query and nothing for nonsense', () => {
    expect(shown('')).toEqual(['upload:size,close', 'billing:price']);
    expect(shown('qwxzv')).toEqual([]);
  });
});
