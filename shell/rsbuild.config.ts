import { readFile } from 'node:fs/promises';
import { defineConfig, type ServerConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { pluginFirstVisit } from '@ferry/shell-sdk/rsbuild';
import { REMOTE_NAMES } from '@ferry/rules';
import mfConfig from './module-federation.config';

const TAGLINE_NL = 'Eenvoudig delen, slimme opslag.';
const DESCRIPTION = 'Send files of any size from your own Google Drive with a short download link.';

type ServerSetupFn = Extract<NonNullable<ServerConfig['setup']>, (...args: never[]) => unknown>;

/** Dev ports (the orchestrator passes them; these are the fixed defaults of the port table). */
const DEV_PORTS = {
  shell: Number(process.env.SHELL_DEV_PORT ?? 3000),
  upload: Number(process.env.UPLOAD_DEV_PORT ?? 3001),
  download: Number(process.env.DOWNLOAD_DEV_PORT ?? 3002),
  account: Number(process.env.ACCOUNT_DEV_PORT ?? 3003),
  marketing: Number(process.env.MARKETING_DEV_PORT ?? 3004),
};

/** The remotes manifest of `npm run dev`: every remote from its own dev server. */
function devRemotesManifest(): string {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { entry: `http://localhost:${DEV_PORTS[name]}/remoteEntry.js`, version: 'dev' }]),
  );
  return `${JSON.stringify({ remotes }, null, 2)}\n`;
}

/**
 * Dev/preview only: answer /remotes.json (no-cache) from the file FERRY_REMOTES_MANIFEST names,
 * else with the dev manifest above. Everywhere else the gateway serves that file.
 */
const serveRemotesManifest: ServerSetupFn = ({ server }) => {
  const file = process.env.FERRY_REMOTES_MANIFEST;
  server.middlewares.use((req, res, next) => {
    if (req.url?.split('?')[0] !== '/remotes.json') return next();
    (file ? readFile(file, 'utf8') : Promise.resolve(devRemotesManifest())).then(
      (body) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(body);
      },
      () => {
        res.statusCode = 404;
        res.end('{"error":"remotes manifest not found"}');
      },
    );
  });
};

/**
 * Dev only: a React DevTools-style global hook that remembers renderers. Each remote's dev build
 * brings its own React Refresh runtime, which attaches after React has started; without a hook
 * that lists the renderers, a remote's edits reach the page but never re-render inside the shell.
 */
const REFRESH_HOOK_SHIM = `(() => {
  if (window.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  let nextId = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer) { const id = ++nextId; this.renderers.set(id, renderer); return id; },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
})();`;

export default defineConfig(({ command }) => ({
  plugins: [pluginReact(), pluginModuleFederation(mfConfig), pluginFirstVisit()],
  // manifest.json: the entry's chunks, which the gateway preloads in each page's head.
  output: { manifest: true },
  source: { entry: { index: './src/index.tsx' } },
  server: {
    // A fixed port (the orchestrator and the port table rely on it): fail instead of moving on.
    port: DEV_PORTS.shell,
    strictPort: true,
    setup: serveRemotesManifest,
    // `npm run dev`: the product API comes from the gateway the orchestrator started.
    ...(process.env.GATEWAY_URL ? { proxy: { '/api': process.env.GATEWAY_URL } } : {}),
  },
  html: {
    title: `Ferry — ${TAGLINE_NL}`,
    meta: {
      description: DESCRIPTION,
      'theme-color': '#FFE0E0',
      viewport: 'width=device-width, initial-scale=1',
      'og:type': { property: 'og:type', content: 'website' },
      'og:site_name': { property: 'og:site_name', content: 'Ferry' },
      'og:title': { property: 'og:title', content: `Ferry — ${TAGLINE_NL}` },
      'og:description': { property: 'og:description', content: DESCRIPTION },
      'twitter:card': 'summary',
      'twitter:title': `Ferry — ${TAGLINE_NL}`,
      'twitter:description': DESCRIPTION,
    },
    tags: [
      { tag: 'link', attrs: { rel: 'canonical', href: '/' }, head: true },
      { tag: 'link', attrs: { rel: 'icon', href: '/favicon.ico', sizes: '32x32' }, head: true },
      { tag: 'link', attrs: { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' }, head: true },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, head: true },
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, head: true },
      ...(command === 'dev' ? [{ tag: 'script', children: REFRESH_HOOK_SHIM, head: true, append: false }] : []),
    ],
  },
}));
