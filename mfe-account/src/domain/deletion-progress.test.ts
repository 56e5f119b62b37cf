import { describe, expect, it } from 'vitest';
import type { AccountDeletionState } from '../api/my-data-api';
import { deletionProgress, pollDelayMs } from './deletion-progress';

const state = (step: AccountDeletionState['step']): AccountDeletionState => ({
  state: 'running',
  step,
  trashFiles: true,
  requestedAt: null,
  finishedAt: null,
  retries: 0,
});

describe('deletion progress', () => {
  it('counts the steps done', () => {
    expect(deletionProgress(state('requested'))).toEqual({ done: 0, total: 7 });
    expect(deletionProgress(state('files-handled'))).toEqual({ done: 3, total: 7 });
    expect(deletionProgress(state('done'))).toEqual({ done: 7, total: 7 });
  });

  it('asks again soon, then at most every 5 s', () => {
    expect(pollDelayMs(0)).toBe(500);
    expect(pollDelayMs(2)).toBe(2_000);
    expect(pollDelayMs(10)).toBe(5_000);
  });
});
