import { defineConfig } from '@rsbuild/core';

// Builds bench-page.ts (the upload code of src/, no React) into bench/dist for run.ts.
export default defineConfig({
  source: { entry: { index: './bench/bench-page.ts' } },
  html: { template: './bench/index.html' },
  output: { distPath: { root: 'bench/dist' }, minify: true, sourceMap: false },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
});
