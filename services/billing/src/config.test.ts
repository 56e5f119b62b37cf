import { ConfigError } from '@ferry/service-kit';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('billing config', () => {
  it('names the missing variables', () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    expect(() => readConfig({})).toThrow(/BILLING_PORT is missing[\s\S]*BILLING_DATABASE_URL is missing/);
  });

  it('reads a complete environment', () => {
    expect(readConfig({ BILLING_PORT: '50053', BILLING_DATABASE_URL: 'postgresql://u@h/db', LOG_LEVEL: 'warn' })).toEqual({
      BILLING_PORT: 50053,
      BILLING_DATABASE_URL: 'postgresql://u@h/db',
      LOG_LEVEL: 'warn',
    });
  });
});
