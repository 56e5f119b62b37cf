import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pointRemote } from './support/manifest.ts';
import { REPO_ROOT } from './support/paths.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

/**
 * Journey of a release: a new build of the marketing remote, served from another origin, goes
 * live by changing the remotes manifest only; the shell is not rebuilt.
 */
test.use({ locale: 'en-US' });

function buildMarketing(outDir: string, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/rsbuild'), ['build'], {
      cwd: path.join(REPO_ROOT, 'mfe-marketing'),
      env: { ...process.env, FERRY_BUILD_LABEL: label, FERRY_DIST_DIR: outDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`rsbuild build exited ${code}: ${stderr}`))));
  });
}

let outDir: string;
let server: StaticServer;
const label = `release-check-${Date.now()}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = await mkdtemp(path.join(tmpdir(), 'ferry-marketing-'));
  await buildMarketing(outDir, label);
  server = await startStaticServer(outDir);
});

test.afterAll(async () => {
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

test('the manifest points marketing at another build on another origin without rebuilding the shell', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('[data-remote="marketing"] h1')).toBeVisible();
  await expect(page.locator('[data-build-label]')).toHaveCount(0);

  const restore = await pointRemote('marketing', `${server.origin}/remoteEntry.js`, '0.1.1-candidate');
  try {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.origin)) remoteRequests.push(request.url());
    });
    await page.reload();
    await expect(page.locator('[data-build-label]')).toHaveText(`Build ${label}`);
    await expect(page.locator('[data-remote="marketing"] h1')).toHaveText(
      'Send files of any size from your own Google Drive',
    );
    expect(remoteRequests).toContain(`${server.origin}/remoteEntry.js`);
  } finally {
    await restore();
  }
  await page.reload();
  await expect(page.locator('[data-remote="marketing"] h1')).toBeVisible();
  await expect(page.locator('[data-build-label]')).toHaveCount(0);
});
