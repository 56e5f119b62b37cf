// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentIds, parseContent } from './parse';

const parse = (body: string, front = 'description: A page.') =>
  parseContent(`---\n${front}\n---\n\n${body}`, 'faq', 'en');

describe('content format', () => {
  it('reads sections, items, lists and inline marks with their ids', () => {
    const doc = parse(
      'Intro.\n\n## Start {#start}\n\nAbout it.\n\n### Why? {#why}\n\n- **Bold** and [link](/privacy)\n- `drive.file`\n',
    );
    expect(doc.description).toBe('A page.');
    expect(doc.intro).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: 'Intro.' }] }]);
    expect(contentIds(doc)).toEqual(['start', 'start/why']);
    expect(doc.sections[0]).toMatchObject({ number: 1, title: 'Start', blocks: [{ type: 'paragraph' }] });
    expect(doc.sections[0]!.items[0]!.blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { type: 'strong', children: [{ type: 'text', text: 'Bold' }] },
            { type: 'text', text: ' and ' },
            { type: 'link', href: '/privacy', children: [{ type: 'text', text: 'link' }] },
          ],
          [{ type: 'code', text: 'drive.file' }],
        ],
      },
    ]);
  });

  it('keeps apostrophes and quotes as written', () => {
    const doc = parse('## A {#a}\n\nGoogle\'s "drive" & more.\n');
    expect(doc.sections[0]!.blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Google\'s "drive" & more.' }] },
    ]);
  });

  it('refuses what the pages cannot show, naming the file and the reason', () => {
    expect(() => parse('## No id\n\nText.')).toThrow(/en\/faq\.md: heading "No id" needs an id/);
    expect(() => parse('## A {#a}\n\n## B {#a}\n')).toThrow(/id a is used twice/);
    expect(() => parse('## A {#a}\n\n| x | y |\n|---|---|\n| 1 | 2 |\n')).toThrow(/table block is not allowed/);
    expect(() => parse('## A {#a}\n\n<script>alert(1)</script>\n')).toThrow(/html block is not allowed/);
    expect(() => parse('## A {#a}\n\n![x](/x.png)\n')).toThrow(/image is not allowed/);
    expect(() => parse('# Top {#top}\n')).toThrow(/must be ## \(a section\) or ###/);
    expect(() => parse('## A {#a}\n\n### Q {#q}\n')).toThrow(/q has no text/);
    expect(() => parse('## A {#a}\n', 'title: x')).toThrow(/front matter needs a description/);
    expect(() => parseContent('## A {#a}\n', 'faq', 'en')).toThrow(/front matter .* is missing/);
  });
});
