/**
 * Drift between the manifests and the services' configuration: every container gets exactly what
 * its service's REAL schema (services/<name>/dist/config.js) needs, in every overlay, and every
 * variable of every schema is documented in .env.example.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devStandIns, gateway, google, overlays, repoRoot } from './lib/inventory.js';
import { find, maybeFind, renderOverlay } from './lib/render.js';
import { configMaps, mainContainer, type Deployment } from './lib/workload.js';
import { configuredServices, containerEnv, envExampleVariables, serviceConfig } from './lib/service-config.js';

/** Set by the manifests for the runtime, not for the service's schema. */
const NOT_SERVICE_CONFIG = new Set(['NODE_OPTIONS']);

const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|_KEY$|DATABASE_URL|REDIS_URL|SMTP_URL|CLIENTS$)/;

it('knows a loader for every service with a manifest (and only those)', () => {
  expect([...configuredServices].sort()).toEqual(['billing', 'gateway', 'link', 'notification', ...devStandIns].sort());
});

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const maps = configMaps(objects);
  const present = configuredServices.filter((name) => maybeFind(objects, 'Deployment', name));

  it('runs every service it should', () => {
    const expected = overlay === 'dev' ? configuredServices : configuredServices.filter((n) => !n.startsWith('dev-'));
    expect(present.sort()).toEqual([...expected].sort());
  });

  describe.each(present)('%s', (name) => {
    const container = () => mainContainer(find<Deployment>(objects, 'Deployment', name));

    it("starts: its environment passes the service's own config schema", async () => {
      const { env } = containerEnv(container(), maps);
      const problems = await serviceConfig(name).validate(env);
      expect(problems, `${name} in overlays/${overlay} would exit at start:\n  ${problems.join('\n  ')}`).toEqual([]);
    });

    it('sets no variable its schema does not read (stale entries)', async () => {
      const { env, sources } = containerEnv(container(), maps);
      const known = new Set(await serviceConfig(name).variables());
      const stale = Object.keys(env).filter((k) => !known.has(k) && !NOT_SERVICE_CONFIG.has(k));
      expect(
        stale.map((k) => `${k} (${sources[k]})`),
        `${name} in overlays/${overlay} sets variables services/${name}/src/config.ts does not read`,
      ).toEqual([]);
    });
  });

  it.each(['notification', 'billing'])('gives %s the same PUBLIC_ORIGIN as the gateway (links in mails)', (service) => {
    const origin = (n: string) =>
      containerEnv(mainContainer(find<Deployment>(objects, 'Deployment', n)), maps).env.PUBLIC_ORIGIN;
    expect(origin(service)).toBeDefined();
    expect(origin(service)).toBe(origin(gateway.name));
  });

  it("lets the pages connect to the Drive API the browser uploads to (DRIVE_ROOT_URL's origin in CSP_CONNECT_ORIGINS)", () => {
    const { env } = containerEnv(mainContainer(find<Deployment>(objects, 'Deployment', gateway.name)), maps);
    const connect = (env.CSP_CONNECT_ORIGINS ?? '').split(',').map((o) => o.trim());
    expect(connect).toContain(new URL(env.DRIVE_ROOT_URL!).origin);
    if (overlay !== 'dev') expect(connect).toContain(google.drive);
  });
});

describe('the drift check itself', () => {
  const objects = renderOverlay('production');
  const gw = () => mainContainer(find<Deployment>(objects, 'Deployment', gateway.name));

  it.each(['PUBLIC_ORIGIN', 'OIDC_CLIENT_SECRET', 'LINK_ADDR'])(
    'names %s when the gateway manifest lacks it',
    async (variable) => {
      const { env } = containerEnv(gw(), configMaps(objects));
      delete env[variable];
      const problems = await serviceConfig(gateway.name).validate(env);
      expect(problems.join('\n')).toContain(variable);
    },
  );

  it('names a variable dev-drive needs (a loader that exits instead of throwing)', async () => {
    const problems = await serviceConfig('dev-drive').validate({});
    expect(problems.join('\n')).toContain('DRIVE_INTROSPECTION_CLIENT_SECRET');
  });

  it('reads the variables of every schema, optional ones included', async () => {
    expect(await serviceConfig(gateway.name).variables()).toEqual(
      expect.arrayContaining(['CSP_CONNECT_ORIGINS', 'UPLOAD_FOLDER_THRESHOLD_BYTES']),
    );
    expect(await serviceConfig('dev-drive').variables()).toEqual(
      expect.arrayContaining(['DRIVE_QUOTA_BYTES', 'DRIVE_PUBLIC_URL']),
    );
  });
});

describe.each(['staging', 'production'] as const)('payments in overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const billing = () => mainContainer(find<Deployment>(objects, 'Deployment', 'billing'));

  it('are on, with both Stripe secrets from billing-secrets', () => {
    const { env } = containerEnv(billing(), configMaps(objects));
    expect(env.BILLING_PAYMENTS).toBe('on');
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      const entry = billing().env?.find((e) => e.name === key);
      expect(entry?.valueFrom?.secretKeyRef, `billing ${key}`).toMatchObject({ name: 'billing-secrets', key });
      expect(entry?.valueFrom?.secretKeyRef?.optional, `billing ${key} must not be optional`).not.toBe(true);
    }
  });

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])('billing refuses to start without %s', async (key) => {
    const { env } = containerEnv(billing(), configMaps(objects));
    delete env[key];
    expect((await serviceConfig('billing').validate(env)).join('\n')).toContain(key);
  });
});

describe('.env.example', () => {
  const text = readFileSync(join(repoRoot, '.env.example'), 'utf8');
  const documented = envExampleVariables(text);

  it.each(configuredServices)('lists every variable of the %s config schema', async (name) => {
    const missing = (await serviceConfig(name).variables()).filter((v) => !documented.has(v));
    expect(missing, `.env.example lacks variables of services/${name}/src/config.ts`).toEqual([]);
  });

  it('holds no secret value', () => {
    for (const [name, value] of documented) {
      if (SECRET_NAME.test(name)) expect(value, `${name} has a value in .env.example`).toBe('');
    }
  });
});
