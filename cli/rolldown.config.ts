import { defineConfig } from 'rolldown';

// One file: the upload rules come from the browser's own modules (mfe-upload) and @ferry/rules,
// bundled in; only published libraries stay dependencies.
export default defineConfig({
  input: 'src/main.ts',
  platform: 'node',
  external: ['openid-client', /^node:/],
  output: { file: 'dist/ferry-send.js', format: 'esm', banner: '#!/usr/bin/env node' },
});
