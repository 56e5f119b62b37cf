/**
 * The shape of a content page (FAQ, privacy, terms) after the build parsed its Markdown
 * (content/<lng>/<page>.md): plain data the remote renders, with no Markdown parser in the bundle.
 */
export const CONTENT_PAGES = ['faq', 'privacy', 'terms'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'code'; text: string };

export type Block = { type: 'paragraph'; children: Inline[] } | { type: 'list'; ordered: boolean; items: Inline[][] };

/** A `### Heading {#id}` and the blocks under it: one FAQ question and its answer. */
export interface ContentItem {
  id: string;
  title: string;
  blocks: Block[];
}

/** A `## Heading {#id}` with its blocks and its items. `number` is its place in the file, from 1. */
export interface ContentSection {
  id: string;
  number: number;
  title: string;
  blocks: Block[];
  items: ContentItem[];
}

export interface ContentDocument {
  page: ContentPage;
  /** The language the text is written in (English when the page has no translation yet). */
  language: string;
  /** From the front matter: one sentence that says what the page is (lead text and meta description). */
  description: string;
  /** Blocks before the first section. */
  intro: Block[];
  sections: ContentSection[];
}
