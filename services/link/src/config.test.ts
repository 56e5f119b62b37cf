import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { ConfigError } from '@ferry/service-kit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { KeyRing } from './grants/key-ring.js';

const link = generateKeyPairSync('ed25519');
const gateway = generateKeyPairSync('ed25519');
const complete = {
  LINK_PORT: '50051',
  LINK_DATABASE_URL: 'pglite:///tmp/link',
  DRIVE_ROOT_URL: 'http://localhost:4100',
  NOTIFICATION_ADDR: '127.0.0.1:50052',
  BILLING_ADDR: '127.0.0.1:50053',
  CALLER_ASSERTION_PRIVATE_KEY: link.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  GATEWAY_ASSERTION_PUBLIC_KEY: gateway.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  TOKEN_ENCRYPTION_KEYS: `k2:${Buffer.alloc(32, 2).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`,
  OIDC_ISSUER: 'http://localhost:4000',
  OIDC_CLIENT_ID: 'ferry-gateway',
  OIDC_CLIENT_SECRET: 'gateway-secret',
};

describe('link config', () => {
  it('names the missing variables', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(
      /LINK_PORT is missing[\s\S]*LINK_DATABASE_URL is missing[\s\S]*DRIVE_ROOT_URL is missing[\s\S]*NOTIFICATION_ADDR is missing/,
    );
  });

  it('reads a complete environment', () => {
    const config = loadConfig({ ...complete, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config).toEqual({
      LINK_PORT: 50051,
      LINK_HOST: '127.0.0.1',
      LINK_DATABASE_URL: 'pglite:///tmp/link',
      DRIVE_ROOT_URL: 'http://localhost:4100',
      NOTIFICATION_ADDR: '127.0.0.1:50052',
      BILLING_ADDR: '127.0.0.1:50053',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CALLER_ASSERTION_PRIVATE_KEY: expect.any(KeyObject),
      GATEWAY_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      TOKEN_ENCRYPTION_KEYS: expect.any(KeyRing),
      OIDC_ISSUER: 'http://localhost:4000',
      OIDC_CLIENT_ID: 'ferry-gateway',
      OIDC_CLIENT_SECRET: 'gateway-secret',
    });
    expect(config.TOKEN_ENCRYPTION_KEYS.primaryId).toBe('k2');
    expect(config.GATEWAY_ASSERTION_PUBLIC_KEY.equals(gateway.publicKey)).toBe(true);
  });

  it('binds where LINK_HOST says and takes keys written on one line with \\n', () => {
    const oneLine = complete.CALLER_ASSERTION_PRIVATE_KEY.trim().replace(/\n/g, '\\n');
    const config = loadConfig({ ...complete, LINK_HOST: '0.0.0.0', CALLER_ASSERTION_PRIVATE_KEY: oneLine });
    expect(config.LINK_HOST).toBe('0.0.0.0');
    expect(config.CALLER_ASSERTION_PRIVATE_KEY.equals(link.privateKey)).toBe(true);
  });

  it('names a missing or wrong caller-assertion key', () => {
    const { CALLER_ASSERTION_PRIVATE_KEY: _omitted, ...withoutKey } = complete;
    expect(() => loadConfig(withoutKey)).toThrow(/CALLER_ASSERTION_PRIVATE_KEY is missing/);
    expect(() =>
      loadConfig({ ...complete, GATEWAY_ASSERTION_PUBLIC_KEY: complete.CALLER_ASSERTION_PRIVATE_KEY }),
    ).toThrow(/GATEWAY_ASSERTION_PUBLIC_KEY is invalid/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(() => loadConfig({ ...complete, GATEWAY_ASSERTION_PUBLIC_KEY: rsa })).toThrow(
      /GATEWAY_ASSERTION_PUBLIC_KEY is invalid: expected an Ed25519 public key/,
    );
  });

  it('takes the test clock only with its caller key, and never in production', () => {
    const key = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(loadConfig(complete).LINK_TEST_CLOCK).toBeUndefined();
    expect(loadConfig({ ...complete, LINK_TEST_CLOCK: '1', TEST_CALLER_ASSERTION_PUBLIC_KEY: key })).toMatchObject({
      LINK_TEST_CLOCK: '1',
      TEST_CALLER_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
    });
    expect(() => loadConfig({ ...complete, LINK_TEST_CLOCK: '1' })).toThrow(
      /TEST_CALLER_ASSERTION_PUBLIC_KEY is missing/,
    );
    expect(() =>
      loadConfig({ ...complete, LINK_TEST_CLOCK: '1', TEST_CALLER_ASSERTION_PUBLIC_KEY: key, NODE_ENV: 'production' }),
    ).toThrow(/LINK_TEST_CLOCK is invalid: must not be 1 in production/);
    expect(() => loadConfig({ ...complete, LINK_TEST_CLOCK: 'yes' })).toThrow(/LINK_TEST_CLOCK is invalid/);
  });

  it('refuses a bad REDIS_URL by name', () => {
    expect(() => loadConfig({ ...complete, REDIS_URL: 'localhost' })).toThrow(/REDIS_URL is invalid/);
  });

  it('requires TOKEN_ENCRYPTION_KEYS and names what is wrong with it', () => {
    const { TOKEN_ENCRYPTION_KEYS: _omitted, ...withoutKeys } = complete;
    expect(() => loadConfig(withoutKeys)).toThrow(/TOKEN_ENCRYPTION_KEYS is missing/);
    expect(() => loadConfig({ ...complete, TOKEN_ENCRYPTION_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /TOKEN_ENCRYPTION_KEYS is invalid: key "k1" must be 32 bytes/,
    );
    expect(() => loadConfig({ ...complete, TOKEN_ENCRYPTION_KEYS: Buffer.alloc(32).toString('base64') })).toThrow(
      /TOKEN_ENCRYPTION_KEYS is invalid/,
    );
  });
});
