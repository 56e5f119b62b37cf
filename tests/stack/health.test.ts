import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@ferry/testkit';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';

// A private stack (npm start mode on free ports) so that killing a backend does not disturb other suites.
describe('single-machine stack health', () => {
  let stack: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    const ports = {} as Ports;
    for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-stack-'));
    stack = await startStack({ ports, dataDir, quiet: true });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('lists gateway, link, notification and billing as serving', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { services: Record<string, string> };
    expect(body.services).toMatchObject({
      gateway: 'SERVING',
      link: 'SERVING',
      notification: 'SERVING',
      billing: 'SERVING',
    });
  });

  it('reports a killed backend within 5 s while the front end still loads', async () => {
    const link = stack.processes.get('link');
    expect(link).toBeDefined();
    link!.child.kill('SIGKILL');
    const killedAt = Date.now();
    let reported: Record<string, string> | undefined;
    while (Date.now() - killedAt < 5_000) {
      const response = await fetch(`${stack.baseUrl}/api/health`);
      const body = (await response.json()) as { services: Record<string, string> };
      if (response.status === 503 && body.services.link !== 'SERVING') {
        reported = body.services;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reported, 'health did not report the killed link service within 5 s').toBeDefined();
    expect(reported).toMatchObject({ gateway: 'SERVING', notification: 'SERVING', billing: 'SERVING' });

    const page = await fetch(`${stack.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const manifest = await fetch(`${stack.baseUrl}/remotes.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toContain('no-cache');
  });
});
