/**
 * Reproducible images: both Dockerfiles install with `npm install` plus a check that the lockfile
 * did not change (the decision instead of `npm ci`), build-images.sh makes every image alone, and
 * an image's build steps run for real in a temporary folder without Docker (rehearse-build.sh).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { instructions } from './lib/dockerfile.js';
import { dockerDir, repoRoot, serviceImages, webImages } from './lib/inventory.js';

const scratch = mkdtempSync(join(tmpdir(), 'ferry-images-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(dockerDir, file), 'utf8');
/** The steps each image build runs, in the Dockerfiles and in the rehearsal alike. */
const buildSteps = ['turbo prune', 'npm-install-locked.sh', 'turbo run build --filter', 'npm prune --omit=dev'];

describe.each(['Dockerfile.service', 'Dockerfile.web'])('%s', (file) => {
  const runs = instructions(read(file))
    .filter((x) => x.keyword === 'RUN')
    .map((x) => x.args);

  it('installs through npm-install-locked.sh, never a bare npm install or npm ci', () => {
    expect(runs.filter((r) => r.includes('npm-install-locked.sh'))).toHaveLength(1);
    expect(runs.filter((r) => /\bnpm (install|ci)\b/.test(r) && !/npm install -g turbo@/.test(r))).toEqual([]);
  });

  it('runs only steps the rehearsal runs too', () => {
    const rehearsal = read('rehearse-build.sh');
    for (const step of buildSteps.filter((s) => runs.some((r) => r.includes(s))))
      expect(rehearsal, step).toContain(step);
  });
});

describe('lockfile-check.mjs', () => {
  const lock = (packages: Record<string, object>) =>
    JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'x' }, ...packages } });
  const pinned = { 'node_modules/a': { version: '1.0.0', resolved: 'https://r/a-1.0.0.tgz', integrity: 'sha512-a' } };
  const check = (after: Record<string, object>, rootChange = false) => {
    const dir = mkdtempSync(join(scratch, 'lock-'));
    writeFileSync(join(dir, 'before.json'), lock(pinned));
    writeFileSync(
      join(dir, 'after.json'),
      rootChange ? JSON.stringify({ packages: { '': { name: 'y', workspaces: ['z'] }, ...after } }) : lock(after),
    );
    return spawnSync(
      process.execPath,
      [join(dockerDir, 'lockfile-check.mjs'), join(dir, 'before.json'), join(dir, 'after.json')],
      { encoding: 'utf8' },
    );
  };

  it('passes when every package is as pinned (the root entry and the layout may differ)', () => {
    expect(check(pinned, true).status).toBe(0);
  });

  it.each([
    ['added', { ...pinned, 'node_modules/b': { version: '2.0.0' } }, /added node_modules\/b@2\.0\.0/],
    ['dropped', {}, /dropped node_modules\/a@1\.0\.0/],
    [
      'changed',
      { 'node_modules/a': { ...pinned['node_modules/a'], version: '1.0.1' } },
      /changed node_modules\/a: 1\.0\.0 → 1\.0\.1/,
    ],
    [
      're-resolved',
      { 'node_modules/a': { ...pinned['node_modules/a'], integrity: 'sha512-other' } },
      /changed node_modules\/a/,
    ],
  ])('fails when a package was %s, naming it', (_, after, message) => {
    const result = check(after);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});

describe('npm-install-locked.sh', () => {
  it('fails the install when package.json asks for something the lockfile does not pin', () => {
    const dir = mkdtempSync(join(scratch, 'drift-'));
    mkdirSync(join(dir, 'dep'));
    writeFileSync(join(dir, 'dep', 'package.json'), JSON.stringify({ name: 'dep', version: '1.0.0' }));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'drift', version: '1.0.0', dependencies: { dep: 'file:./dep' } }),
    );
    // A lockfile written before the dependency was added.
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify({
        name: 'drift',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: { '': { name: 'drift', version: '1.0.0' } },
      }),
    );
    const result = spawnSync('sh', [join(dockerDir, 'npm-install-locked.sh'), '--offline'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toMatch(/npm install changed the lockfile \(\d+\)[\s\S]*added dep@1\.0\.0/);
  });
});

describe('build-images.sh', () => {
  const text = read('build-images.sh');
  const list = (name: string) =>
    (new RegExp(`^${name}="([^"]*)"`, 'm').exec(text)?.[1] ?? '').split(/\s+/).filter(Boolean);

  it('builds every image, each with its own docker build', () => {
    expect(list('services').sort()).toEqual([...serviceImages].sort());
    expect(list('webapps').sort()).toEqual([...webImages].sort());
    expect(text).toMatch(/docker build -f "\$here\/Dockerfile\.service" --build-arg SERVICE="\$name"/);
    expect(text).toMatch(/docker build -f "\$here\/Dockerfile\.web" --build-arg APP="\$name"/);
  });
});

describe('an image build, rehearsed without Docker', () => {
  // dev-mail: the smallest service image (about 30 s here, most of it npm install from the cache).
  it('builds a runtime tree from the pruned lockfile, unchanged, without dev dependencies', () => {
    const dir = join(scratch, 'rehearsal');
    const out = execFileSync('sh', [join(dockerDir, 'rehearse-build.sh'), 'service', 'dev-mail'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        REHEARSE_DIR: dir,
        PATH: `${join(repoRoot, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toMatch(/lockfile unchanged: \d+ packages as pinned/);
    const app = join(dir, 'app');
    expect(existsSync(join(app, 'services', 'dev-mail', 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'typescript')), 'npm prune --omit=dev dropped build tools').toBe(false);
    // Only the workspaces dev-mail needs were pruned in.
    expect(existsSync(join(app, 'services', 'link'))).toBe(false);
    // The Deployments start a service as `node --import @ferry/service-kit/tracing dist/main.js`:
    // the bootstrap resolves from the service's folder and the SDK it loads survived the prune.
    const recording = (env: Record<string, string>) =>
      execFileSync(
        process.execPath,
        [
          '--import',
          '@ferry/service-kit/tracing',
          '--input-type=module',
          '-e',
          "const { trace } = await import('@opentelemetry/api'); console.log(trace.getTracer('t').startSpan('s').isRecording())",
        ],
        { cwd: join(app, 'services', 'dev-mail'), env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
      ).trim();
    expect(recording({})).toBe('false');
    expect(recording({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toBe('true');
  }, 240_000);
});
