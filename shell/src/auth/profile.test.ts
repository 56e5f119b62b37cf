import { describe, expect, it } from 'vitest';
import { normaliseUser } from './profile';

describe('user profile (spec §3)', () => {
  it('normalises id and email with the fallbacks primaryEmail, user_info.email and profile.email', () => {
    expect(normaliseUser({ sub: '1', email: 'a@x.io' })).toEqual({ id: '1', email: 'a@x.io' });
    expect(normaliseUser({ id: '2', primaryEmail: 'b@x.io' })).toEqual({ id: '2', email: 'b@x.io' });
    expect(normaliseUser({ user_info: { sub: '3', email: 'c@x.io' } })).toEqual({ id: '3', email: 'c@x.io' });
    expect(normaliseUser({ profile: { id: '4', email: 'd@x.io' } })).toEqual({ id: '4', email: 'd@x.io' });
    expect(normaliseUser({ sub: '5' })).toBeUndefined();
    expect(normaliseUser(null)).toBeUndefined();
  });
});
