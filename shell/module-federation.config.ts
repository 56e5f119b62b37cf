import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedConfig } from '@ferry/shell-sdk/federation';

/**
 * The shell knows no remote at build time: it reads /remotes.json at start and registers them
 * (see src/remotes/runtime.ts), so a release of a remote is a change of that file only.
 */
export default createModuleFederationConfig({
  name: 'ferry_shell',
  remotes: {},
  shared: sharedConfig(),
  // The one copy of the Module Federation runtime in the page: remotes are built without it.
  experiments: { provideExternalRuntime: true },
  dts: false,
});
