import { describe, expect, it } from 'vitest';
import { signInErrorKind } from './sign-in-error';

describe('signInErrorKind', () => {
  it('reads the gateway’s error: the provider down, or a sign-in that did not finish', () => {
    expect(signInErrorKind('?error=temporarily_unavailable&error_description=x')).toBe('unavailable');
    expect(signInErrorKind('?error=server_error')).toBe('unavailable');
    expect(signInErrorKind('?error=access_denied')).toBe('failed');
    expect(signInErrorKind('?error=invalid_state')).toBe('failed');
  });

  it('is nothing without an error', () => {
    expect(signInErrorKind('')).toBeNull();
    expect(signInErrorKind('?lng=de')).toBeNull();
  });
});
