import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@ferry/testkit';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';

export interface SuiteStack {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The runner's stack when FERRY_BASE_URL is set, else a private one (npm start mode on free ports). */
export async function stackForSuite(): Promise<SuiteStack> {
  const given = process.env.FERRY_BASE_URL;
  if (given) return { baseUrl: given.replace(/\/$/, ''), stop: async () => undefined };
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ferry-suite-stack-'));
  let stack: RunningStack;
  try {
    stack = await startStack({ ports, dataDir, quiet: true });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: stack.baseUrl,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
