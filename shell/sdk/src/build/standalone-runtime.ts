import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rspack, type RsbuildPlugin } from '@rsbuild/core';

/**
 * A remote's production build leaves the Module Federation runtime out (`externalRuntime`): inside
 * the shell it uses the shell's copy, so the page loads it once. The remote's standalone page has
 * no shell, so it loads this file first, which provides the runtime under the global name the
 * remote's bundles read.
 */
export const STANDALONE_RUNTIME_FILE = 'mf-runtime.js';

/** The global Module Federation reads an external runtime from (its ExternalsPlugin's target). */
const RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

const PROVIDER_SOURCE = `import * as runtimeCore from '@module-federation/runtime-core';
globalThis.${RUNTIME_GLOBAL} = runtimeCore;
`;

async function compile(config: Parameters<typeof rspack>[0]): Promise<void> {
  const compiler = rspack(config);
  await new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

/** After a production build: bundles the runtime provider into `dist/mf-runtime.js`. */
export function pluginStandaloneRuntime(): RsbuildPlugin {
  return {
    name: 'ferry:standalone-runtime',
    setup(api) {
      api.onAfterBuild(async ({ isWatch }) => {
        if (isWatch) return;
        const cacheDir = path.join(api.context.rootPath, '.cache', 'standalone-runtime');
        await mkdir(cacheDir, { recursive: true });
        const entry = path.join(cacheDir, 'provider.js');
        await writeFile(entry, PROVIDER_SOURCE);
        await compile({
          mode: 'production',
          target: 'web',
          context: api.context.rootPath,
          entry,
          devtool: false,
          output: { path: api.context.distPath, filename: STANDALONE_RUNTIME_FILE, iife: true },
        });
      });
    },
  };
}
