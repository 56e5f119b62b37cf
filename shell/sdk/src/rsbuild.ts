import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type RsbuildConfig, type RsbuildConfigSyncFn, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import { FIRST_VISIT_FILE, firstVisitFiles, type StatsJson } from './build/first-visit.js';
import { LOCALE_HASHES_FILE, localeHashes, precompressDir } from './build/precompress.js';
import { pluginStandaloneRuntime, STANDALONE_RUNTIME_FILE } from './build/standalone-runtime.js';

export { LOCALE_HASHES_FILE, localeHashes, precompressDir } from './build/precompress.js';

/**
 * After a production build: writes `first-visit.json` (the chunks to preload, from the build's
 * stats), `locale-hashes.json` (the content hash of each
 * `locales/<lng>/<ns>.json`, by which the strings are versioned) and a Brotli and a gzip copy of
 * every text asset beside it (`.br`, `.gz`), which the gateway and nginx send as they are.
 */
export function pluginFirstVisit(): RsbuildPlugin {
  return {
    name: 'ferry:first-visit',
    setup(api) {
      api.onAfterBuild(async ({ isWatch, stats }) => {
        if (isWatch) return;
        const dist = api.context.distPath;
        if (stats) {
          const json = stats.toJson({ all: false, chunks: true, chunkOrigins: true }) as unknown as StatsJson & {
            children?: StatsJson[];
          };
          const chunks = json.children?.length ? json.children.flatMap((c) => c.chunks ?? []) : (json.chunks ?? []);
          await writeFile(path.join(dist, FIRST_VISIT_FILE), `${JSON.stringify(firstVisitFiles(chunks), null, 2)}\n`);
        }
        const hashes = await localeHashes(path.join(dist, 'locales'));
        await writeFile(path.join(dist, LOCALE_HASHES_FILE), `${JSON.stringify(hashes, null, 2)}\n`);
        const result = await precompressDir(dist);
        api.logger.info(
          `precompressed ${result.files} files: ${Math.round(result.rawBytes / 1024)} KB raw, ${Math.round(result.brotliBytes / 1024)} KB brotli`,
        );
      });
    },
  };
}

export interface RemoteBuildOptions {
  /** The remote's module-federation.config.ts. */
  federation: ModuleFederationOptions;
  /** Dev server port (its own `<NAME>_DEV_PORT`, default from the port table). */
  devPort: number;
  /** The build environment: FERRY_BUILD_LABEL and FERRY_DIST_DIR are read from it. */
  env: Record<string, string | undefined>;
}

/**
 * The Rsbuild settings every remote shares; a remote differs only in its federation config and port.
 * A production build leaves the Module Federation runtime to the shell (which provides it:
 * `provideExternalRuntime`), so the page loads it once; its standalone page loads
 * `mf-runtime.js` instead. The dev server keeps the runtime inside, as the shell's dev server
 * loads remotes either way.
 */
export function remoteRsbuildConfig({ federation, devPort, env }: RemoteBuildOptions): RsbuildConfigSyncFn {
  return defineConfig(({ command }) => {
    const production = command === 'build';
    return {
      plugins: [
        pluginReact(),
        pluginModuleFederation(
          production
            ? { ...federation, experiments: { ...federation.experiments, externalRuntime: true } }
            : federation,
        ),
        // Before pluginFirstVisit: its pre-compression then covers mf-runtime.js too.
        ...(production ? [pluginStandaloneRuntime()] : []),
        pluginFirstVisit(),
      ],
      source: {
        entry: { index: './src/index.tsx' },
        // A visible build label (empty by default), used to tell two builds apart.
        define: { 'process.env.FERRY_BUILD_LABEL': JSON.stringify(env.FERRY_BUILD_LABEL ?? '') },
      },
      // The standalone page uses relative asset URLs ('auto'); <base> keeps them right on deep links like /r/abc.
      html: {
        title: 'Ferry',
        tags: [
          { tag: 'base', attrs: { href: '/' }, head: true, append: false },
          // A blocking script: it runs before the deferred entry that needs the runtime.
          ...(production
            ? [{ tag: 'script', attrs: { src: STANDALONE_RUNTIME_FILE }, head: true, append: true, publicPath: false }]
            : []),
        ],
      },
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
    };
  });
}

/** Where a remote's server-rendering bundle is built (kept out of the published dist/). */
const PRERENDER_BUNDLE_DIR = '.cache/prerender';

/**
 * The second build of a remote that pre-renders pages: `src/prerender.tsx` (exporting
 * `run(distDir)`, see `@ferry/shell-sdk/prerender`) bundled for Node, then run once against the
 * remote's fresh `dist/`, writing `dist/prerender/<page>/<lng>.html`.
 */
export function prerenderRsbuildConfig({ env }: { env: Record<string, string | undefined> }): RsbuildConfig {
  const distDir = path.resolve(env.FERRY_DIST_DIR ?? 'dist');
  return defineConfig({
    plugins: [
      pluginReact(),
      {
        name: 'ferry:prerender',
        setup(api) {
          api.onAfterBuild(async () => {
            const file = path.join(api.context.distPath, 'prerender.js');
            const loaded = (await import(pathToFileURL(file).href)) as {
              run?: (d: string) => Promise<number>;
              default?: { run?: (d: string) => Promise<number> };
            };
            const run = loaded.run ?? loaded.default?.run;
            if (!run) throw new Error(`${file} exports no run(distDir)`);
            api.logger.info(
              `pre-rendered ${await run(distDir)} pages into ${path.relative(process.cwd(), distDir)}/prerender`,
            );
          });
        },
      },
    ],
    source: {
      entry: { prerender: './src/prerender.tsx' },
      define: { 'process.env.FERRY_BUILD_LABEL': JSON.stringify(env.FERRY_BUILD_LABEL ?? '') },
    },
    output: {
      target: 'node',
      distPath: { root: PRERENDER_BUNDLE_DIR, js: '' },
      filenameHash: false,
      minify: false,
      cleanDistPath: true,
    },
  });
}
