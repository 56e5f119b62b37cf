import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readJson, writeJsonSync } from './persist.js';

export interface ProviderSecrets {
  /** Private JWKS used to sign ID tokens. */
  jwks: { keys: Record<string, unknown>[] };
  /** Keys for oidc-provider's signed cookies. */
  cookieKeys: string[];
}

/** Loads the signing keys and cookie keys from the data dir, generating them on first start. */
export function loadOrCreateSecrets(dataDir: string): ProviderSecrets {
  const path = join(dataDir, 'keys.json');
  const existing = readJson<ProviderSecrets>(path);
  if (existing) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const secrets: ProviderSecrets = {
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  writeJsonSync(path, secrets);
  return secrets;
}
