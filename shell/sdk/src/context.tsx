import { createContext, useContext, type ReactNode } from 'react';
import type { ShellContextValue } from './types.js';

const ShellContext = createContext<ShellContextValue | null>(null);
ShellContext.displayName = 'FerryShellContext';

export function ShellProvider({ value, children }: { value: ShellContextValue; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/** What the shell (or the stand-in) provides. Throws outside a provider: a remote must be mounted by one. */
export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() needs the Ferry shell or <StandaloneShell> around the remote');
  return value;
}
