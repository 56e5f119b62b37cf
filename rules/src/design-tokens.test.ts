import { describe, expect, it } from 'vitest';
import { DESIGN_TOKENS, designTokenProperties } from './design-tokens.js';

describe('design tokens', () => {
  it('keeps the site brand colour (the mails use it too)', () => {
    expect(DESIGN_TOKENS.color.accent).toBe('#b0234f');
  });

  it('names every token as a custom property: --ferry-<colour> or --ferry-<group>-<name>', () => {
    const props = designTokenProperties();
    expect(props['--ferry-accent']).toBe('#b0234f');
    expect(props['--ferry-accent-dark']).toBe('#8c1a3e');
    expect(props['--ferry-font-size-xxl']).toBe('2.5rem');
    expect(props['--ferry-radius-pill']).toBe('999px');
    const count = Object.values(DESIGN_TOKENS).reduce((n, group) => n + Object.keys(group).length, 0);
    expect(Object.keys(props)).toHaveLength(count);
  });
});
