import { prerenderRsbuildConfig } from '@ferry/shell-sdk/rsbuild';

// The download page's frame pre-rendered at build (src/prerender.tsx).
export default prerenderRsbuildConfig({ env: process.env });
