/**
 * The federated remotes, each named by the page area it owns. Remote `<name>` lives in folder
 * `mfe-<name>` (package `@ferry/mfe-<name>`, Kubernetes workload and image `mfe-<name>`), is the Module
 * Federation container `mfe_<name>`, and is `<name>` in the remotes manifest, under
 * `/remotes/<name>/<version>/`, in the route table and in its i18n namespace.
 */
export const REMOTE_NAMES = ['upload', 'download', 'account', 'marketing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
