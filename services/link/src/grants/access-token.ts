/**
 * A fresh Drive access token for a link owner, for server-side work done while the owner is away
 * (the expiry sweeper). It reads the owner's stored offline grant (an encrypted refresh token),
 * refreshes it at the identity provider's token endpoint, stores the rotated refresh token when the
 * provider answers one, and reports the grant state instead of throwing for expected outcomes:
 *
 * - a string: a Bearer access token that can call the Drive API for `ownerSub` (scope drive.file);
 * - `'no-grant'`: Ferry holds no refresh token for this owner (never stored, or signed out everywhere);
 * - `'revoked'`: the provider refused the refresh token (`invalid_grant`): the owner revoked Ferry
 *   or the grant expired. The stored grant is deleted, so the next call answers `'no-grant'`.
 *
 * Throws only when the provider cannot be reached or answers an unexpected error (retry later).
 * Access tokens are never stored or logged.
 */
export type AccessTokenResult = string | 'no-grant' | 'revoked';

/** The function the sweeper calls: `accessTokenFor(ownerSub)`. */
export type AccessTokenFor = (ownerSub: string) => Promise<AccessTokenResult>;
