export { createIdentityProvider, ROUTES, DRIVE_FILE_SCOPE, DRIVE_SCOPE, ACCESS_TOKEN_TTL_SECONDS } from './provider.js';
export type { IdentityProvider, IdentityProviderConfig } from './provider.js';
export { loadClients } from './clients.js';
export type { ClientConfig } from './clients.js';
export {
  signIn,
  authorize,
  approveDevice,
  exchangeCode,
  discover,
  pkcePair,
  CookieJar,
  DEFAULT_SCOPE,
} from './sign-in.js';
export type { SignInOptions, TokenSet, Discovery, AuthorizeOutcome } from './sign-in.js';
export { subjectFor } from './accounts.js';
