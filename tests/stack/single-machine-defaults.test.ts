import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPorts } from '../../scripts/lib/settings.ts';
import { singleMachineDefaults } from '../../scripts/lib/stack.ts';

// What `npm start` turns on by itself (scripts/lib/stack.ts), without starting anything.
describe("npm start's defaults", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ferry-defaults-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leave the test clock off, so no signed-in user can move a billing clock; the test stacks turn it on', () => {
    expect(singleMachineDefaults(defaultPorts, dataDir, {}).BILLING_TEST_CLOCK).toBe('off');
    expect(singleMachineDefaults(defaultPorts, dataDir, { BILLING_TEST_CLOCK: 'on' }).BILLING_TEST_CLOCK).toBe('off');
    expect(singleMachineDefaults(defaultPorts, dataDir, {}, true).BILLING_TEST_CLOCK).toBe('on');
  });
});
