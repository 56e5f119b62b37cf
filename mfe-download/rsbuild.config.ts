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
  server: { port: 3002, cors: true },
  // 'auto': chunks load from wherever remoteEntry.js was loaded, not from the host's origin.
  dev: { assetPrefix: 'auto' },
  output: {
    assetPrefix: 'auto',
    distPath: { root: process.env.FERRY_DIST_DIR ?? 'dist' },
  },
});
