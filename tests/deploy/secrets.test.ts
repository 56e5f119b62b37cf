import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deployDir, overlays } from './lib/inventory.js';
import { renderOverlay } from './lib/render.js';
import { allContainers, configMaps, deployments } from './lib/workload.js';

/** Variable names that carry credentials: their values must come from a Secret. */
const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|_KEY$|DATABASE_URL|REDIS_URL|SMTP_URL)/;

/** Things that look like a credential written into a file. */
const SECRET_VALUE = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\b[sr]k_(live|test)_[A-Za-z0-9]{8,}/, // Stripe keys
  /whsec_[A-Za-z0-9]{8,}/, // Stripe webhook secrets
  /GOCSPX-[A-Za-z0-9_-]{8,}/, // Google OAuth client secrets
  /AIza[0-9A-Za-z_-]{30,}/, // Google API keys
  /\b(postgres(ql)?|redis|rediss|smtps?):\/\/[^/\s:@]+:[^@\s]+@/, // URLs with a password
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('no secret values in deploy/', () => {
  const all = files(deployDir);

  it('no file holds a credential', () => {
    for (const file of all) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of SECRET_VALUE)
        expect(text, `${relative(deployDir, file)} matches ${pattern}`).not.toMatch(pattern);
    }
  });

  it('no manifest defines a Secret and no kustomization generates one', () => {
    for (const file of all.filter((f) => /\.ya?ml$/.test(f))) {
      const where = relative(deployDir, file);
      const text = readFileSync(file, 'utf8');
      expect(text, where).not.toMatch(/^kind:\s*Secret\s*$/m);
      if (file.endsWith('kustomization.yaml')) expect(parse(text), where).not.toHaveProperty('secretGenerator');
    }
  });

  it('the linter above catches a planted credential', () => {
    const planted = 'LINK_DATABASE_URL=postgresql://ferry:hunter2@db:5432/link';
    expect(SECRET_VALUE.some((p) => p.test(planted))).toBe(true);
  });
});

describe.each(overlays)('overlay %s references secrets, never values', (overlay) => {
  const objects = renderOverlay(overlay);

  it('renders no Secret object', () => {
    expect(objects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name)).toEqual([]);
  });

  it('takes every credential-like variable from a secretKeyRef', () => {
    for (const d of deployments(objects)) {
      for (const c of allContainers(d)) {
        for (const e of c.env ?? []) {
          if (!SECRET_NAME.test(e.name)) continue;
          expect(e.value, `${d.metadata.name}/${c.name} ${e.name} has a literal value`).toBeUndefined();
          expect(e.valueFrom?.secretKeyRef?.key, `${d.metadata.name}/${c.name} ${e.name}`).toBe(e.name);
        }
      }
    }
  });

  it('keeps credential-like variables out of ConfigMaps', () => {
    for (const cm of configMaps(objects)) {
      for (const key of Object.keys(cm.data)) expect(key, `ConfigMap ${cm.metadata.name}`).not.toMatch(SECRET_NAME);
    }
  });

  it('names each Secret <workload>-secrets and documents every key in deploy/README.md', () => {
    const readme = readFileSync(join(deployDir, 'README.md'), 'utf8');
    for (const d of deployments(objects)) {
      for (const c of allContainers(d)) {
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (!ref) continue;
          expect(ref.name, `${d.metadata.name}/${c.name} ${e.name}`).toBe(`${d.metadata.name}-secrets`);
          expect(readme, `README does not document ${ref.name} ${ref.key}`).toContain(`\`${ref.key}\``);
          expect(readme, `README does not document ${ref.name}`).toContain(`\`${ref.name}\``);
        }
      }
    }
  });
});
