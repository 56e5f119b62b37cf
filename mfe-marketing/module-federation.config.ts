import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteContainerName, sharedConfig } from '@ferry/shell-sdk/federation';

export default createModuleFederationConfig({
  name: remoteContainerName('marketing'),
  // A stable name: the remotes manifest points at <versioned path>/remoteEntry.js.
  filename: 'remoteEntry.js',
  exposes: { './App': './src/App.tsx' },
  shared: sharedConfig(),
  dts: false,
});
