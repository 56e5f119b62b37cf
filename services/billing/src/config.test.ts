import { KeyObject } from 'node:crypto';
import { ConfigError } from '@ferry/service-kit';
import { keyPem, testCallerKeys } from '@ferry/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('billing config', () => {
  it('names the missing variables', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/BILLING_PORT is missing[\s\S]*GATEWAY_ASSERTION_PUBLIC_KEY is missing[\s\S]*BILLING_DATABASE_URL is missing/);
  });

  it('reads a complete environment', () => {
    const GATEWAY_ASSERTION_PUBLIC_KEY = keyPem(testCallerKeys().gateway.publicKey);
    expect(loadConfig({ BILLING_PORT: '50053', BILLING_DATABASE_URL: 'postgresql://u@h/db', LOG_LEVEL: 'warn', GATEWAY_ASSERTION_PUBLIC_KEY })).toEqual({
      BILLING_PORT: 50053,
      BILLING_HOST: '127.0.0.1',
      GATEWAY_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      BILLING_DATABASE_URL: 'postgresql://u@h/db',
      LOG_LEVEL: 'warn',
    });
  });
});
