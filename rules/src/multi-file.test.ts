import { describe, expect, it } from 'vitest';
import { MULTI_FILE_THRESHOLD_BYTES, uploadShape } from './multi-file.js';

describe('multi-file threshold (spec §9)', () => {
  it('is 1 GiB: one file as it is, smaller sets zipped, the threshold or more a folder', () => {
    expect(MULTI_FILE_THRESHOLD_BYTES).toBe(1024 ** 3);
    expect(uploadShape(1, 5 * 1024 ** 3)).toBe('single');
    expect(uploadShape(2, MULTI_FILE_THRESHOLD_BYTES - 1)).toBe('zip');
    expect(uploadShape(2, MULTI_FILE_THRESHOLD_BYTES)).toBe('folder');
  });

  it('takes a lowered threshold (a test stack, a deployment)', () => {
    expect(uploadShape(3, 1000, 1000)).toBe('folder');
    expect(uploadShape(3, 999, 1000)).toBe('zip');
  });
});
