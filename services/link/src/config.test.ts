import { ConfigError } from '@ferry/service-kit';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

const complete = {
  LINK_PORT: '50051',
  LINK_DATABASE_URL: 'pglite:///tmp/link',
  DRIVE_ROOT_URL: 'http://localhost:4100',
  NOTIFICATION_ADDR: '127.0.0.1:50052',
};

describe('link config', () => {
  it('names the missing variables', () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    expect(() => readConfig({})).toThrow(/LINK_PORT is missing[\s\S]*LINK_DATABASE_URL is missing[\s\S]*DRIVE_ROOT_URL is missing[\s\S]*NOTIFICATION_ADDR is missing/);
  });

  it('reads a complete environment', () => {
    expect(readConfig({ ...complete, REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({
      LINK_PORT: 50051,
      LINK_DATABASE_URL: 'pglite:///tmp/link',
      DRIVE_ROOT_URL: 'http://localhost:4100',
      NOTIFICATION_ADDR: '127.0.0.1:50052',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
  });

  it('refuses a bad REDIS_URL by name', () => {
    expect(() => readConfig({ ...complete, REDIS_URL: 'localhost' })).toThrow(/REDIS_URL is invalid/);
  });
});
