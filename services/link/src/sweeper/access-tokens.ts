import type { AccessTokenFor } from '../grants/access-token.js';

/** For a process without offline grants: every owner reads as having none (their rows wait, one notice each). */
export const noGrants: AccessTokenFor = async () => 'no-grant';
