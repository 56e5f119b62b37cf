import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ShellProvider, useShell } from './context.js';
import type { ShellContextValue } from './types.js';

function Probe() {
  const shell = useShell();
  return <p>{`${shell.mode}:${shell.language}:${shell.rootUrl('/upload')}`}</p>;
}

describe('useShell', () => {
  it('throws a clear error outside a provider', () => {
    expect(() => render(<Probe />)).toThrow(/StandaloneShell/);
  });

  it('returns what the provider gives', () => {
    const value: ShellContextValue = {
      mode: 'host',
      i18nReady: true,
      language: 'nl',
      languages: ['nl', 'en'],
      changeLanguage: async () => undefined,
      host: { kind: 'root' },
      rootUrl: (path) => `https://ferry.example${path}`,
      navigate: () => undefined,
      auth: null,
    };
    render(
      <ShellProvider value={value}>
        <Probe />
      </ShellProvider>,
    );
    expect(screen.getByText('host:nl:https://ferry.example/upload')).toBeTruthy();
  });
});
