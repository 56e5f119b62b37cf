/**
 * Test-only hooks never reach a cluster: no rendered object of any overlay, and no file under deploy/
 * (manifests, Dockerfile templates), names the link service's test clock or the key of its only
 * caller. The service refuses LINK_TEST_CLOCK=1 with NODE_ENV=production as well; this keeps the flag
 * out of every environment, staging and dev included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployDir, overlays } from './lib/inventory.js';
import { renderOverlay } from './lib/render.js';

const TEST_ONLY = ['LINK_TEST_CLOCK', 'TEST_CALLER_ASSERTION_PUBLIC_KEY'];

/** Every key and string value anywhere in `value` (env names, ConfigMap data, args, annotations…). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe.each(overlays)('overlay %s', (overlay) => {
  it('names no test-only hook in any object', () => {
    const all = strings(renderOverlay(overlay));
    // The walk sees the services' variables (else the check below would pass on nothing).
    expect(all).toContain('LINK_DATABASE_URL');
    expect(all.filter((s) => TEST_ONLY.some((name) => s.includes(name)))).toEqual([]);
  });
});

it('no file under deploy/ names a test-only hook', () => {
  const files = filesUnder(deployDir);
  expect(files.length).toBeGreaterThan(10);
  const naming = files.filter((f) => TEST_ONLY.some((name) => readFileSync(f, 'utf8').includes(name)));
  expect(naming).toEqual([]);
});
