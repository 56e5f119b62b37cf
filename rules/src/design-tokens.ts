/**
 * Ferry's design tokens: the one source of the product's colours, spacing, type scale and radii.
 * The SDK's `tokens.css` declares the same values as CSS custom properties (a test keeps the two
 * equal); the mails, which cannot use CSS variables, read them from here.
 */
export const DESIGN_TOKENS = {
  color: {
    /** The brand colour: links, primary buttons, the mails' button. */
    accent: '#b0234f',
    accentDark: '#8c1a3e',
    /** Text on the accent colour. */
    onAccent: '#ffffff',
    theme: '#ffe0e0',
    themeSoft: '#fff5f5',
    page: '#fffafa',
    surface: '#ffffff',
    ink: '#1f1a1a',
    muted: '#5c5252',
    line: '#efdede',
    border: '#d8c4c4',
    danger: '#a50e0e',
    dangerDark: '#7f0b0b',
    dangerSoft: '#fdecec',
    success: '#1e7a34',
    successSoft: '#e6f4ea',
    info: '#1a4fb4',
    infoSoft: '#e8f0fe',
    backdrop: 'rgba(31, 26, 26, 0.5)',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  fontSize: { sm: '0.85rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2.5rem' },
  radius: { sm: '8px', md: '12px', lg: '16px', pill: '999px' },
} as const;

export type DesignTokens = typeof DESIGN_TOKENS;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every token as its CSS custom property: colours by name (`--ferry-accent`), the rest by group (`--ferry-space-md`). */
export function designTokenProperties(tokens: DesignTokens = DESIGN_TOKENS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [group, values] of Object.entries(tokens)) {
    for (const [name, value] of Object.entries(values as Record<string, string>))
      out[group === 'color' ? `--ferry-${kebab(name)}` : `--ferry-${kebab(group)}-${kebab(name)}`] = value;
  }
  return out;
}
