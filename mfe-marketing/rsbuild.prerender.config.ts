import { prerenderRsbuildConfig } from '@ferry/shell-sdk/rsbuild';

// The landing, FAQ, privacy and terms pages pre-rendered at build (src/prerender.tsx).
export default prerenderRsbuildConfig({ env: process.env });
