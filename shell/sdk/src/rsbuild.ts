import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

export interface RemoteBuildOptions {
  /** The remote's module-federation.config.ts. */
  federation: ModuleFederationOptions;
  /** Dev server port (its own `<NAME>_DEV_PORT`, default from the port table). */
  devPort: number;
  /** The build environment: FERRY_BUILD_LABEL and FERRY_DIST_DIR are read from it. */
  env: Record<string, string | undefined>;
}

/** The Rsbuild settings every remote shares; a remote differs only in its federation config and port. */
export function remoteRsbuildConfig({ federation, devPort, env }: RemoteBuildOptions): RsbuildConfig {
  return defineConfig({
    plugins: [pluginReact(), pluginModuleFederation(federation)],
    source: {
      entry: { index: './src/index.tsx' },
      // A visible build label (empty by default), used to tell two builds apart.
      define: { 'process.env.FERRY_BUILD_LABEL': JSON.stringify(env.FERRY_BUILD_LABEL ?? '') },
    },
    // The standalone page uses relative asset URLs ('auto'); <base> keeps them right on deep links like /r/abc.
    html: { title: 'Ferry', tags: [{ tag: 'base', attrs: { href: '/' }, head: true, append: false }] },
    server: {
      port: devPort,
      strictPort: true,
      // Dev only: the shell dev server (any localhost port, sender subdomains) loads this remote.
      cors: { origin: /^https?:\/\/([a-z0-9-]+\.)?(localhost|127\.0\.0\.1)(:\d+)?$/ },
    },
    // 'auto': chunks load from wherever remoteEntry.js was loaded, not from the host's origin.
    dev: { assetPrefix: 'auto' },
    output: {
      assetPrefix: 'auto',
      distPath: { root: env.FERRY_DIST_DIR ?? 'dist' },
    },
  });
}
