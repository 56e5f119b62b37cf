/**
 * FAQ search: case and accents ignored (NFD, combining marks dropped, lower case), matches mapped
 * back to the original text so they can be highlighted there.
 */
import type { Block, ContentDocument, ContentItem, ContentSection, Inline } from './types';

const MARK = /\p{M}/gu;

function foldChar(char: string): string {
  return char.normalize('NFD').replace(MARK, '').toLowerCase();
}

/** The text as search compares it. */
export function normaliseForSearch(text: string): string {
  return foldChar(text);
}

/** [start, end) ranges of `query` in `text`, in the original text's indices, not overlapping. */
export function matchRanges(text: string, query: string): Array<[number, number]> {
  const needle = normaliseForSearch(query.trim());
  if (needle === '') return [];
  // Fold character by character, remembering where each folded unit came from.
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const f = foldChar(char);
    folded += f;
    for (let i = 0; i < f.length; i++) origin.push(index);
    index += char.length;
  }
  origin.push(text.length);
  const ranges: Array<[number, number]> = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = origin[at]!;
    let end = origin[at + needle.length]!;
    // A match ending inside a character's folded form, or before its combining marks, takes them along.
    if (end <= start) end = start + 1;
    while (end < text.length && foldChar(text[end]!) === '') end++;
    ranges.push([start, end]);
  }
  return ranges;
}

export function matches(text: string, query: string): boolean {
  return matchRanges(text, query).length > 0;
}

function inlineText(nodes: readonly Inline[]): string {
  return nodes.map((n) => ('children' in n ? inlineText(n.children) : n.text)).join('');
}

export function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => (b.type === 'paragraph' ? inlineText(b.children) : b.items.map(inlineText).join('\n')))
    .join('\n');
}

export interface FaqView {
  section: ContentSection;
  items: ContentItem[];
}

/**
 * The sections and questions to show for a query: a question when it or its answer matches, every
 * question of a section whose title or description matches. Empty query: everything.
 */
export function filterFaq(doc: ContentDocument, query: string): FaqView[] {
  if (query.trim() === '') return doc.sections.map((section) => ({ section, items: section.items }));
  const views: FaqView[] = [];
  for (const section of doc.sections) {
    const sectionHit = matches(section.title, query) || matches(blocksText(section.blocks), query);
    const items = sectionHit
      ? section.items
      : section.items.filter((item) => matches(item.title, query) || matches(blocksText(item.blocks), query));
    if (items.length > 0) views.push({ section, items });
  }
  return views;
}
