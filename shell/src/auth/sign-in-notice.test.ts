import { describe, expect, it } from 'vitest';
import { signInNeeded, signInState } from './sign-in-notice';

describe('signInNeeded', () => {
  it('names the page the guard sent the visitor from, with its query as the return path', () => {
    expect(signInNeeded(signInState('/upload?highlight=drop'), false)).toEqual({
      target: 'upload',
      returnPath: '/upload?highlight=drop',
    });
    expect(signInNeeded(signInState('/account'), false)).toEqual({ target: 'account', returnPath: '/account' });
  });

  it('asks nothing of a signed-in user, a plain visit or a page that needs no session', () => {
    expect(signInNeeded(signInState('/upload'), true)).toBeNull();
    expect(signInNeeded(null, false)).toBeNull();
    expect(signInNeeded({ other: 1 }, false)).toBeNull();
    expect(signInNeeded(signInState('/faq'), false)).toBeNull();
  });
});
