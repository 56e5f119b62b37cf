import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteContainerName } from '@ferry/shell-sdk/federation';
import { setNamespaceLocation, type RemoteAppProps, type RemoteName } from '@ferry/shell-sdk';
import type { RemotesManifest } from './manifest';

export type RemoteAppModule = { default: ComponentType<RemoteAppProps> };
export type RemoteAppLoader = (name: RemoteName) => Promise<RemoteAppModule>;

export class RemoteUnavailableError extends Error {
  constructor(remote: RemoteName, reason: string) {
    super(`Remote "${remote}" is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Registers every remote of the manifest with the MF runtime and returns a loader for `./App`. */
export function createRemoteLoader(manifest: Promise<RemotesManifest>): RemoteAppLoader {
  const registered = manifest.then((loaded) => {
    registerRemotes(
      Object.entries(loaded.remotes).map(([name, remote]) => ({
        name: remoteContainerName(name),
        entry: remote.entry,
      })),
      { force: true },
    );
    // Each remote's namespace (named after the remote) is served from beside its remoteEntry.js.
    for (const [name, remote] of Object.entries(loaded.remotes)) {
      setNamespaceLocation(name, new URL('locales', remote.entry).toString());
    }
    return loaded;
  });
  return async (name) => {
    const loaded = await registered;
    if (!loaded.remotes[name]) throw new RemoteUnavailableError(name, 'not in the remotes manifest');
    const module = await loadRemote<RemoteAppModule>(`${remoteContainerName(name)}/App`);
    if (!module?.default) throw new RemoteUnavailableError(name, './App has no default export');
    return module;
  };
}
