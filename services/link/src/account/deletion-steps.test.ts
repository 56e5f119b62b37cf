import { describe, expect, it } from 'vitest';
import { DELETION_STEPS, nextStep } from './deletion-steps.js';

describe('account deletion steps', () => {
  it('walks every step once, in order, from none to done', () => {
    const seen: string[] = [];
    for (let step: string | undefined = ''; step !== undefined; step = nextStep(step)) if (step) seen.push(step);
    expect(seen).toEqual([...DELETION_STEPS]);
    expect(seen.at(-1)).toBe('done');
  });

  it('revokes the grant only after the files were handled with it, and mails last', () => {
    const at = (s: (typeof DELETION_STEPS)[number]) => DELETION_STEPS.indexOf(s);
    expect(at('files-handled')).toBeLessThan(at('token-revoked'));
    expect(at('subscription-cancelled')).toBeLessThan(at('data-deleted'));
    expect(at('data-deleted')).toBeLessThan(at('mail-queued'));
  });

  it('refuses a step it does not know', () => {
    expect(() => nextStep('shredded')).toThrow(/unknown account deletion step/);
  });
});
