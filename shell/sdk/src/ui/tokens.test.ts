// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designTokenProperties } from '@ferry/rules';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
const declared = new Map([...css.matchAll(/(--ferry-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

describe('tokens.css', () => {
  it('declares every design token of @ferry/rules with the same value', () => {
    for (const [name, value] of Object.entries(designTokenProperties()))
      expect([name, declared.get(name)]).toEqual([name, value]);
  });

  it('adds only values derived from the tokens', () => {
    const extra = [...declared.keys()].filter((name) => !(name in designTokenProperties()));
    expect(extra.sort()).toEqual(['--ferry-focus', '--ferry-shadow']);
  });
});
