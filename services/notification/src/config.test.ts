import { ConfigError } from '@ferry/service-kit';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('notification config', () => {
  it('names the missing variables', () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    expect(() => readConfig({})).toThrow(/NOTIFICATION_PORT is missing[\s\S]*NOTIFICATION_DATABASE_URL is missing/);
  });

  it('reads a complete environment', () => {
    expect(readConfig({ NOTIFICATION_PORT: '50052', NOTIFICATION_DATABASE_URL: 'postgresql://u@h/db', LOG_LEVEL: 'warn' })).toEqual({
      NOTIFICATION_PORT: 50052,
      NOTIFICATION_DATABASE_URL: 'postgresql://u@h/db',
      LOG_LEVEL: 'warn',
    });
  });
});
