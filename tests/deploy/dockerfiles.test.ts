import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { argDefaults, finalStage, instructions, scriptsRun } from './lib/dockerfile.js';
import { dockerDir, overlays, repoRoot, serviceImages, webImages } from './lib/inventory.js';
import { renderOverlay } from './lib/render.js';
import { allContainers, deployments } from './lib/workload.js';

interface PackageJson {
  name: string;
  version: string;
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const pkg = (dir: string) => JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as PackageJson;

const kinds = [
  { file: 'Dockerfile.service', arg: 'SERVICE', workspaces: serviceImages.map((s) => `services/${s}`) },
  { file: 'Dockerfile.web', arg: 'APP', workspaces: [...webImages] },
] as const;

/** LSP severity 1 = error. */
const errorsOf = (text: string) => validate(text).filter((d) => d.severity === 1);

describe.each(kinds)('$file', ({ file, arg, workspaces }) => {
  const path = join(dockerDir, file);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const all = instructions(text);

  it('exists and parses without errors (dockerfile-utils, the VS Code Docker linter)', () => {
    expect(existsSync(path), path).toBe(true);
    expect(errorsOf(text)).toEqual([]);
  });

  it('runs the shipped stage as a numeric non-root USER', () => {
    const users = finalStage(all).filter((x) => x.keyword === 'USER');
    expect(users.length, 'final stage declares no USER').toBeGreaterThan(0);
    const user = users.at(-1)!.args.split(':')[0]!;
    expect(user, 'numeric, so Kubernetes can check runAsNonRoot').toMatch(/^\d+$/);
    expect(Number(user)).toBeGreaterThan(0);
  });

  it(`takes ${arg} as a build argument and pins every base image`, () => {
    expect(all.some((x) => x.keyword === 'ARG' && x.args.split('=')[0] === arg)).toBe(true);
    const defaults = argDefaults(all);
    expect(defaults.NODE_IMAGE).toBe(`node:${pkg('.').devDependencies!.node}-slim`);
    for (const from of all.filter((x) => x.keyword === 'FROM')) {
      const image = from.args.split(/\s+/)[0]!.replace(/^\$\{(\w+)\}$/, (_, name: string) => defaults[name] ?? '');
      if (!image.includes(':') && !image.includes('/')) continue; // an earlier stage of this file
      expect(image, `line ${from.line}`).toMatch(/:(\d+\.\d+\.\d+|\$\{NGINX_IMAGE\})/);
    }
  });

  it('refers only to repository files that exist', () => {
    const paths = [...text.matchAll(/\b(deploy\/[\w./-]+)/g)].map((m) => m[1]!.replace(/\/$/, ''));
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(existsSync(join(repoRoot, p)), p).toBe(true);
  });

  it('has a Dockerfile-specific .dockerignore that keeps local state out of the context', () => {
    const ignore = readFileSync(`${path}.dockerignore`, 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data', '.env']) expect(ignore).toContain(entry);
  });

  it.each(workspaces)(`%s exists and has every script the Dockerfile runs`, (dir) => {
    const p = pkg(dir);
    expect(p.name).toBe(`@ferry/${dir.split('/').pop()}`);
    const scripts = scriptsRun(all);
    expect(scripts).toContain('build');
    for (const s of scripts) expect(p.scripts?.[s], `${dir} has no "${s}" script`).toBeDefined();
  });

  if (file === 'Dockerfile.service') {
    it.each(workspaces)('%s: the image CMD is the package start script', (dir) => {
      const cmd = finalStage(all)
        .filter((x) => x.keyword === 'CMD')
        .at(-1)!;
      expect(pkg(dir).scripts?.start).toBe((JSON.parse(cmd.args) as string[]).join(' '));
    });
  }
});

it('the Dockerfile linter reports a broken Dockerfile', () => {
  expect(errorsOf('FROM\nCOPY\n').length).toBeGreaterThan(0);
});

describe.each(overlays)('overlay %s', (overlay) => {
  it('every `npm run <script> -w <workspace>` in a container exists in that workspace', () => {
    const workspaceDirs = new Map<string, string>();
    for (const dir of [...serviceImages.map((s) => `services/${s}`), ...webImages])
      workspaceDirs.set(pkg(dir).name, dir);
    let seen = 0;
    for (const d of deployments(renderOverlay(overlay))) {
      for (const c of allContainers(d)) {
        const cmd = [...(c.command ?? []), ...(c.args ?? [])];
        if (cmd[0] !== 'npm' || cmd[1] !== 'run') continue;
        seen++;
        const ws = cmd[cmd.indexOf('-w') + 1]!;
        const dir = workspaceDirs.get(ws);
        expect(dir, `${d.metadata.name}/${c.name}: unknown workspace ${ws}`).toBeDefined();
        expect(
          pkg(dir!).scripts?.[cmd[2]!],
          `${ws} has no "${cmd[2]}" script (${d.metadata.name}/${c.name})`,
        ).toBeDefined();
      }
    }
    expect(seen).toBeGreaterThanOrEqual(3);
  });
});

describe('layout-site.sh (the web image lays out its static site)', () => {
  const script = join(dockerDir, 'web', 'layout-site.sh');
  const work = mkdtempSync(join(tmpdir(), 'ferry-layout-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Prepares an input dir like Dockerfile.web's site stage and runs the script. */
  function layout(
    app: string,
    version: string,
    previous: string[],
    keep = 5,
    files: Record<string, string> = { 'remoteEntry.js': 'entry' },
  ) {
    const dir = mkdtempSync(join(work, 'case-'));
    const input = join(dir, 'in');
    mkdirSync(join(input, 'dist'), { recursive: true });
    for (const [name, body] of Object.entries(files)) writeFileSync(join(input, 'dist', name), body);
    writeFileSync(join(input, 'package.json'), JSON.stringify({ name: `@ferry/${app}`, version }));
    mkdirSync(join(input, 'previous'), { recursive: true });
    writeFileSync(join(input, 'previous', 'index.html'), 'nginx default');
    for (const v of previous) {
      mkdirSync(join(input, 'previous', 'remotes', app.replace(/^mfe-/, ''), v), { recursive: true });
      writeFileSync(join(input, 'previous', 'remotes', app.replace(/^mfe-/, ''), v, 'remoteEntry.js'), `entry ${v}`);
    }
    cpSync(join(dockerDir, 'web'), join(input, 'web'), { recursive: true });
    const out = join(dir, 'out');
    // Relative paths, as a Dockerfile's WORKDIR-relative call could pass them.
    const run = spawnSync('sh', [script, app, 'in', 'out', String(keep)], { cwd: dir, encoding: 'utf8' });
    const versions = (name: string) =>
      existsSync(join(out, 'html', 'remotes', name)) ? readdirSync(join(out, 'html', 'remotes', name)).sort() : [];
    return { status: run.status, stderr: run.stderr, out, versions };
  }

  it('publishes a remote at /remotes/<name>/<version>/ with the remote nginx config', () => {
    const r = layout('mfe-upload', '0.1.0', []);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(r.out, 'html', 'remotes', 'upload', '0.1.0', 'remoteEntry.js'), 'utf8')).toBe('entry');
    expect(readFileSync(join(r.out, 'default.conf'), 'utf8')).toBe(
      readFileSync(join(dockerDir, 'web', 'nginx-remote.conf'), 'utf8'),
    );
  });

  it('carries the versions of the previous image forward, so a release needs only remotes.json', () => {
    const r = layout('mfe-download', '0.2.0', ['0.1.0']);
    expect(r.status).toBe(0);
    expect(r.versions('download')).toEqual(['0.1.0', '0.2.0']);
    expect(readFileSync(join(r.out, 'html', 'remotes', 'download', '0.1.0', 'remoteEntry.js'), 'utf8')).toBe(
      'entry 0.1.0',
    );
  });

  it('refuses to overwrite a published version', () => {
    const r = layout('mfe-account', '0.1.0', ['0.1.0']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/already published/);
  });

  it('keeps the newest versions in version order, not text order', () => {
    const r = layout('mfe-marketing', '0.10.0', ['0.2.0', '0.9.0', '0.1.0'], 2);
    expect(r.status).toBe(0);
    expect(r.versions('marketing')).toEqual(['0.10.0', '0.9.0']);
  });

  it('fails a remote build without remoteEntry.js', () => {
    const r = layout('mfe-upload', '0.1.0', [], 5, { 'index.html': '<html>' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/remoteEntry\.js/);
  });

  it('lays out the shell at the root with the shell nginx config and nothing from a previous image', () => {
    const r = layout('shell', '0.1.0', [], 5, { 'index.html': '<html>shell</html>' });
    expect(r.status).toBe(0);
    expect(readFileSync(join(r.out, 'html', 'index.html'), 'utf8')).toBe('<html>shell</html>');
    expect(readFileSync(join(r.out, 'default.conf'), 'utf8')).toBe(
      readFileSync(join(dockerDir, 'web', 'nginx-shell.conf'), 'utf8'),
    );
    expect(existsSync(join(r.out, 'html', 'remotes'))).toBe(false);
  });
});

describe('nginx configs', () => {
  const shell = readFileSync(join(dockerDir, 'web', 'nginx-shell.conf'), 'utf8');
  const remote = readFileSync(join(dockerDir, 'web', 'nginx-remote.conf'), 'utf8');
  const block = (conf: string, head: string) => {
    const start = conf.indexOf(`location ${head} {`);
    expect(start, `no "location ${head}"`).toBeGreaterThanOrEqual(0);
    return conf.slice(start, conf.indexOf('}', start));
  };

  it('listen on 8080 (unprivileged) and answer /healthz', () => {
    for (const conf of [shell, remote]) {
      expect(conf).toMatch(/^\s*listen 8080;$/m);
      expect(block(conf, '= /healthz')).toMatch(/return 200/);
    }
  });

  it('shell: index.html and routes are no-cache with a fallback to index.html; hashed assets are immutable', () => {
    expect(block(shell, '/')).toMatch(/Cache-Control "no-cache"/);
    expect(block(shell, '/')).toMatch(/try_files \$uri \/index\.html;/);
    expect(block(shell, '/static/')).toMatch(/immutable/);
  });

  it('remote: serves only /remotes/, revalidates entry files and 404s the rest', () => {
    expect(block(remote, '/remotes/')).toMatch(/try_files \$uri =404;/);
    expect(remote).toMatch(/remoteEntry\\\.js\|mf-manifest\\\.json[^{]*\{[^}]*no-cache/);
    expect(block(remote, '/')).toMatch(/return 404;/);
  });

  it("remote: serves each version's locales/ (the shell loads a remote's strings from beside its entry) revalidated, with CORS", () => {
    // nginx: the first regex location that matches wins over the /remotes/ prefix location.
    const regexBlocks = [...remote.matchAll(/location ~ (\S+) \{([^}]*)\}/g)].map((m) => ({
      re: new RegExp(m[1]!),
      body: m[2]!,
    }));
    const servedBy = (path: string) => regexBlocks.find((b) => b.re.test(path))?.body;
    const locales = servedBy('/remotes/upload/0.2.0/locales/nl/upload.json');
    expect(locales, 'no location serves /remotes/<name>/<version>/locales/').toBeDefined();
    expect(locales).toMatch(
      /add_header Cache-Control "(no-cache|[^"]*max-age=([0-9]|[1-9][0-9]|[1-2][0-9][0-9]|300)\b[^"]*)" always;/,
    );
    expect(locales).not.toMatch(/immutable/);
    expect(locales).toMatch(/add_header Access-Control-Allow-Origin "\*" always;/);
    expect(locales).toMatch(/try_files \$uri =404;/);
    expect(servedBy('/remotes/upload/0.2.0/static/js/123.abcdef.js')).toBeUndefined();
  });

  it('builds the shell with the production session max age (PUBLIC_SESSION_MAX_AGE_HOURS=168, spec §9) in the build stage', () => {
    const web = readFileSync(join(dockerDir, 'Dockerfile.web'), 'utf8');
    const build = web.slice(web.indexOf('AS build'), web.indexOf('turbo run build'));
    expect(build).toMatch(/^ARG PUBLIC_SESSION_MAX_AGE_HOURS=168$/m);
    expect(build).toMatch(/^ENV PUBLIC_SESSION_MAX_AGE_HOURS=\$\{PUBLIC_SESSION_MAX_AGE_HOURS\}$/m);
  });

  it("the shell build reads nothing from the remotes' folders (no pruned-tree workaround needed)", () => {
    expect(existsSync(join(dockerDir, 'web', 'add-pruned-inputs.sh'))).toBe(false);
    expect(readFileSync(join(repoRoot, 'shell', 'rsbuild.config.ts'), 'utf8')).not.toMatch(/mfe-|public\/locales/);
  });

  it('the real remote builds, when present, carry remoteEntry.js at the root of dist/', () => {
    const built = webImages.filter((a) => a !== 'shell' && existsSync(join(repoRoot, a, 'dist')));
    for (const app of built) expect(existsSync(join(repoRoot, app, 'dist', 'remoteEntry.js')), app).toBe(true);
    expect(execFileSync('sh', ['-n', join(dockerDir, 'web', 'layout-site.sh')]).toString()).toBe('');
  });
});
