import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, type RemoteName } from '../../rules/src/remotes.ts';

/** The repository root (this file is scripts/lib/settings.ts). */
export const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The fixed local ports of the brief; each can be overridden by the environment variable of the same name. */
export const defaultPorts = {
  GATEWAY_PORT: 8080,
  SHELL_DEV_PORT: 3000,
  UPLOAD_DEV_PORT: 3001,
  DOWNLOAD_DEV_PORT: 3002,
  ACCOUNT_DEV_PORT: 3003,
  MARKETING_DEV_PORT: 3004,
  IDENTITY_PORT: 4000,
  DRIVE_PORT: 4100,
  SMTP_PORT: 2525,
  MAIL_INBOX_PORT: 4200,
  STRIPE_PORT: 4300,
  LINK_PORT: 50051,
  NOTIFICATION_PORT: 50052,
  BILLING_PORT: 50053,
  // GET /metrics (Prometheus) of each service, apart from its traffic.
  GATEWAY_METRICS_PORT: 9464,
  LINK_METRICS_PORT: 9465,
  NOTIFICATION_METRICS_PORT: 9466,
  BILLING_METRICS_PORT: 9467,
} as const;

export type PortName = keyof typeof defaultPorts;
export type Ports = Record<PortName, number>;

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Ports {
  const ports = { ...defaultPorts } as Ports;
  for (const name of Object.keys(defaultPorts) as PortName[]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`${name} must be a port number, got "${value}"`);
    ports[name] = port;
  }
  return ports;
}

export { REMOTE_NAMES, type RemoteName };

export function remoteVersion(name: RemoteName): string {
  const pkg = JSON.parse(readFileSync(join(root, `mfe-${name}`, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Backend services that own a database, in start order. */
export const dataServices = ['link', 'notification', 'billing'] as const;
export type DataService = (typeof dataServices)[number];
