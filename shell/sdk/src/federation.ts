/**
 * Module Federation settings every Ferry build shares (imported by each rsbuild config).
 * Kept free of React imports so Node can load it while bundling.
 */
/**
 * The Module Federation container of remote `<name>`: its folder's name `mfe-<name>` with `_` for `-`,
 * the one spelling the rule forces (a container name must be a JavaScript identifier).
 */
export function remoteContainerName(remote: string): string {
  return `mfe_${remote}`;
}

/** One copy of each in the page: the router, i18n and shell context only work as singletons. */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'i18next',
  'react-i18next',
  '@ferry/shell-sdk',
] as const;

/** Versions are read from each package.json by the build plugin; all workspaces pin the same ones. */
export function sharedConfig(): Record<string, { singleton: true }> {
  return Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, { singleton: true as const }]));
}
