/**
 * Reads one content file (Markdown with YAML front matter) into a ContentDocument. Runs at build
 * time and in tests only, so the Markdown parser never ships to the browser.
 *
 * Format: `---\ndescription: …\n---`, optional intro paragraphs, then `## Section {#id}` headings,
 * each with paragraphs or lists and optionally `### Question {#id}` items. Ids are the same in every
 * language; anything else Markdown offers (tables, HTML, images, code blocks) is refused.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import type { Block, ContentDocument, ContentPage, ContentSection, Inline } from './types';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const HEADING_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;

export class ContentError extends Error {}

function inlines(tokens: readonly Token[] | undefined, where: string): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) out.push(...inlines(text.tokens, where));
        else out.push({ type: 'text', text: text.text });
        break;
      }
      case 'escape':
        out.push({ type: 'text', text: (token as Tokens.Escape).text });
        break;
      case 'br':
        out.push({ type: 'text', text: '\n' });
        break;
      case 'strong':
      case 'em':
        out.push({ type: token.type, children: inlines((token as Tokens.Strong | Tokens.Em).tokens, where) });
        break;
      case 'link':
        out.push({
          type: 'link',
          href: (token as Tokens.Link).href,
          children: inlines((token as Tokens.Link).tokens, where),
        });
        break;
      case 'codespan':
        out.push({ type: 'code', text: (token as Tokens.Codespan).text });
        break;
      default:
        throw new ContentError(
          `${where}: ${token.type} is not allowed in content (${JSON.stringify(token.raw.slice(0, 40))})`,
        );
    }
  }
  return out;
}

function block(token: Token, where: string): Block | null {
  switch (token.type) {
    case 'space':
      return null;
    case 'paragraph':
      return { type: 'paragraph', children: inlines((token as Tokens.Paragraph).tokens, where) };
    case 'list': {
      const list = token as Tokens.List;
      return { type: 'list', ordered: list.ordered, items: list.items.map((item) => inlines(item.tokens, where)) };
    }
    default:
      throw new ContentError(
        `${where}: a ${token.type} block is not allowed in content (${JSON.stringify(token.raw.slice(0, 40))})`,
      );
  }
}

function heading(token: Tokens.Heading, where: string): { id: string; title: string } {
  const match = HEADING_ID.exec(token.text);
  if (!match) throw new ContentError(`${where}: heading "${token.text}" needs an id like {#some-id}`);
  return { id: match[1]!, title: token.text.slice(0, match.index).trim() };
}

/** `where` names the file in error messages. */
export function parseContent(
  source: string,
  page: ContentPage,
  language: string,
  where = `${language}/${page}.md`,
): ContentDocument {
  const front = FRONT_MATTER.exec(source);
  if (!front) throw new ContentError(`${where}: front matter (--- description: … ---) is missing`);
  const meta = parseYaml(front[1]!) as { description?: unknown } | null;
  if (typeof meta?.description !== 'string' || meta.description.trim() === '')
    throw new ContentError(`${where}: front matter needs a description`);

  const doc: ContentDocument = { page, language, description: meta.description.trim(), intro: [], sections: [] };
  const ids = new Set<string>();
  let section: ContentSection | null = null;
  for (const token of new Lexer().lex(source.slice(front[0].length))) {
    if (token.type === 'heading') {
      const { depth } = token as Tokens.Heading;
      const { id, title } = heading(token as Tokens.Heading, where);
      if (ids.has(id)) throw new ContentError(`${where}: id ${id} is used twice`);
      ids.add(id);
      if (depth === 2) {
        section = { id, number: doc.sections.length + 1, title, blocks: [], items: [] };
        doc.sections.push(section);
      } else if (depth === 3 && section) {
        section.items.push({ id, title, blocks: [] });
      } else {
        throw new ContentError(`${where}: heading "${title}" must be ## (a section) or ### (an item inside a section)`);
      }
      continue;
    }
    const parsed = block(token, where);
    if (!parsed) continue;
    const target = section ? (section.items.at(-1)?.blocks ?? section.blocks) : doc.intro;
    target.push(parsed);
  }
  for (const s of doc.sections)
    for (const item of s.items)
      if (item.blocks.length === 0) throw new ContentError(`${where}: ${item.id} has no text`);
  return doc;
}

/** Every section and item id in document order: what must be the same in every language. */
export function contentIds(doc: ContentDocument): string[] {
  return doc.sections.flatMap((s) => [s.id, ...s.items.map((item) => `${s.id}/${item.id}`)]);
}
