import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import mfConfig from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig)],
  source: {
    entry: { index: './src/index.tsx' },
    // A visible build label (empty by default), used to tell two builds apart.
    define: { 'process.env.FERRY_BUILD_LABEL': JSON.stringify(process.env.FERRY_BUILD_LABEL ?? '') },
  },
  // The standalone page uses relative asset URLs ('auto'); <base> keeps them right on deep links like /r/abc.
  html: { title: 'Ferry', tags: [{ tag: 'base', attrs: { href: '/' }, head: true, append: false }] },
  server: {
    port: Number(process.env.DOWNLOAD_DEV_PORT ?? 3002),
    strictPort: true,
    // Dev only: the shell dev server (any localhost port, sender subdomains) loads this remote.
    cors: { origin: /^https?:\/\/([a-z0-9-]+\.)?(localhost|127\.0\.0\.1)(:\d+)?$/ },
  },
  // 'auto': chunks load from wherever remoteEntry.js was loaded, not from the host's origin.
  dev: { assetPrefix: 'auto' },
  output: {
    assetPrefix: 'auto',
    distPath: { root: process.env.FERRY_DIST_DIR ?? 'dist' },
  },
});
