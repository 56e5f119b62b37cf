/** Minimal `--flag value` / `--flag=value` parser: positionals plus string options. */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

export function parseArgs(argv: string[], valueFlags: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (!valueFlags.includes(flag)) throw new UsageError(`Unknown option --${flag}`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '') throw new UsageError(`Option --${flag} needs a value`);
    options.set(flag, value);
  }
  return { positionals, options };
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}
