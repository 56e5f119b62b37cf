/** What deploy/ must contain, in one place: every test reads its expectations from here. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '../../../rules/src/remotes.ts';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const deployDir = join(repoRoot, 'deploy');
export const k8sDir = join(deployDir, 'k8s');
export const dockerDir = join(deployDir, 'docker');

export const overlays = ['dev', 'staging', 'production'] as const;
export type Overlay = (typeof overlays)[number];

export const namespaces: Record<Overlay, string> = { dev: 'ferry-dev', staging: 'ferry-staging', production: 'ferry' };

/** gRPC backends: name = folder = package suffix = Deployment = Service = container = image; PREFIX_ for env. */
export const grpcServices = [
  { name: 'link', prefix: 'LINK', port: 50051 },
  { name: 'notification', prefix: 'NOTIFICATION', port: 50052 },
  { name: 'billing', prefix: 'BILLING', port: 50053 },
] as const;

export const gateway = { name: 'gateway', prefix: 'GATEWAY', port: 8080 } as const;

export const remotes = REMOTE_NAMES;
export const webApps = ['shell', ...remotes.map((r) => `mfe-${r}`)] as const;

/** Every workload present in every overlay. */
export const workloads = [gateway.name, ...grpcServices.map((s) => s.name), ...webApps];

/** The Google stand-ins: dev overlay only. */
export const devStandIns = ['dev-identity', 'dev-drive', 'dev-mail'] as const;

/** Workspaces Dockerfile.service builds (SERVICE=…), and Dockerfile.web (APP=…). */
export const serviceImages = [
  gateway.name,
  ...grpcServices.map((s) => s.name),
  'dev-identity',
  'dev-drive',
  'dev-mail',
];
export const webImages = [...webApps];

/** The services' own drain after SIGTERM (@ferry/service-kit shutdown grace, 10 s). */
export const serviceShutdownGraceSeconds = 10;

export const google = { issuer: 'https://accounts.google.com', drive: 'https://www.googleapis.com' };
