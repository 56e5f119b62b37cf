import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@ferry/testkit';
import { startStack, type MetricsUrls, type RunningStack, type StackOptions } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';

export interface SuiteStack {
  baseUrl: string;
  /** The mail stand-in's inbox, the identity provider and the Drive stand-in of that stack. */
  mailInboxUrl: string;
  identityIssuer: string;
  driveRootUrl: string;
  /** host:port of the link, notification and billing gRPC servers (FERRY_GRPC_ADDRS, comma list, in that order). */
  grpcAddrs: { link: string; notification: string; billing: string };
  /** The Stripe stand-in: its API URL, the key it accepts and the secret its webhooks are signed with (FERRY_STRIPE_*). */
  stripe: { apiUrl: string; secretKey: string; webhookSecret: string };
  /** Each service's GET /metrics (FERRY_METRICS_URLS, a JSON object by service); absent when the runner does not name them. */
  metricsUrls?: MetricsUrls;
  /**
   * The `test` principal's private key (FERRY_TEST_CALLER_KEY, PKCS#8 PEM), which alone may move the
   * link service's test clock (support/link-test-clock.ts); absent when the runner does not pass it.
   */
  testCallerKey?: string;
  stop(): Promise<void>;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

function grpcAddrs(list: string | undefined): SuiteStack['grpcAddrs'] {
  const [link = '', notification = '', billing = ''] = (list ?? '').split(',');
  return { link, notification, billing };
}

/**
 * The runner's stack when it names it (FERRY_BASE_URL, FERRY_MAIL_INBOX_URL, FERRY_IDENTITY_ISSUER,
 * FERRY_DRIVE_ROOT_URL), else a private one (npm start mode on free ports, with the link service's
 * test clock on as `npm test` has it).
 */
export async function stackForSuite(): Promise<SuiteStack> {
  const env = process.env;
  if (env.FERRY_BASE_URL && env.FERRY_MAIL_INBOX_URL && env.FERRY_IDENTITY_ISSUER && env.FERRY_DRIVE_ROOT_URL) {
    return {
      baseUrl: trimmed(env.FERRY_BASE_URL),
      mailInboxUrl: trimmed(env.FERRY_MAIL_INBOX_URL),
      identityIssuer: env.FERRY_IDENTITY_ISSUER,
      driveRootUrl: trimmed(env.FERRY_DRIVE_ROOT_URL),
      grpcAddrs: grpcAddrs(env.FERRY_GRPC_ADDRS),
      stripe: {
        apiUrl: trimmed(env.FERRY_STRIPE_API_URL ?? ''),
        secretKey: env.FERRY_STRIPE_SECRET_KEY ?? '',
        webhookSecret: env.FERRY_STRIPE_WEBHOOK_SECRET ?? '',
      },
      metricsUrls: env.FERRY_METRICS_URLS ? (JSON.parse(env.FERRY_METRICS_URLS) as MetricsUrls) : undefined,
      testCallerKey: env.FERRY_TEST_CALLER_KEY || undefined,
      stop: async () => undefined,
    };
  }
  const { stack, stop } = await privateStack('ferry-suite-stack-', { testClock: true });
  return {
    baseUrl: stack.baseUrl,
    mailInboxUrl: stack.defaults.MAIL_INBOX_URL!,
    identityIssuer: stack.defaults.IDENTITY_ISSUER!,
    driveRootUrl: stack.defaults.DRIVE_ROOT_URL!,
    grpcAddrs: grpcAddrs(
      [stack.defaults.LINK_ADDR, stack.defaults.NOTIFICATION_ADDR, stack.defaults.BILLING_ADDR].join(','),
    ),
    stripe: {
      apiUrl: stack.defaults.STRIPE_API_URL!,
      secretKey: stack.defaults.STRIPE_SECRET_KEY!,
      webhookSecret: stack.defaults.STRIPE_WEBHOOK_SECRET!,
    },
    metricsUrls: stack.metricsUrls,
    testCallerKey: stack.testCallerKey,
    stop,
  };
}

/**
 * A stack of this suite's own (npm start mode on free ports, fresh data under a temporary folder
 * named by `prefix`), for suites that kill or reconfigure processes; `stop` also removes its data.
 */
export async function privateStack(
  prefix: string,
  options: Omit<StackOptions, 'ports' | 'dataDir' | 'quiet'> = {},
): Promise<{ stack: RunningStack; dataDir: string; stop(): Promise<void> }> {
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let stack: RunningStack;
  try {
    stack = await startStack({ ...options, ports, dataDir, quiet: true });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    stack,
    dataDir,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
