import { KeyObject } from 'node:crypto';
import { ConfigError } from '@ferry/service-kit';
import { keyPem, testCallerKeys } from '@ferry/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const complete = {
  NOTIFICATION_PORT: '50052',
  NOTIFICATION_DATABASE_URL: 'postgresql://u@h/db',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Ferry <no-reply@ferry.test>',
  PUBLIC_ORIGIN: 'http://localhost:8080/',
  SHARE_MAX_RECIPIENTS: '50',
  SHARE_LIMIT_SENDER_PER_HOUR: '100',
  SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY: '3',
  GATEWAY_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().gateway.publicKey),
  LINK_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().link.publicKey),
  BILLING_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().billing.publicKey),
};

describe('notification config', () => {
  it('names the missing variables', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(
      /NOTIFICATION_PORT is missing[\s\S]*NOTIFICATION_DATABASE_URL is missing[\s\S]*SMTP_URL is missing[\s\S]*MAIL_FROM is missing/,
    );
  });

  it('reads a complete environment', () => {
    expect(loadConfig({ ...complete, LOG_LEVEL: 'warn', MAIL_RETRY_BASE_MS: '' })).toEqual({
      NOTIFICATION_PORT: 50052,
      NOTIFICATION_HOST: '127.0.0.1',
      GATEWAY_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      LINK_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      BILLING_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      NOTIFICATION_DATABASE_URL: 'postgresql://u@h/db',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Ferry <no-reply@ferry.test>',
      PUBLIC_ORIGIN: 'http://localhost:8080',
      SHARE_MAX_RECIPIENTS: 50,
      SHARE_LIMIT_SENDER_PER_HOUR: 100,
      SHARE_LIMIT_RECIPIENT_PER_LINK_PER_DAY: 3,
      LOG_LEVEL: 'warn',
    });
  });

  it('names a missing caller key and refuses a private key where a public one belongs', () => {
    const { LINK_ASSERTION_PUBLIC_KEY: _omitted, ...withoutLink } = complete;
    expect(() => loadConfig(withoutLink)).toThrow(/LINK_ASSERTION_PUBLIC_KEY is missing/);
    expect(() =>
      loadConfig({ ...complete, GATEWAY_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().gateway.privateKey) }),
    ).toThrow(/GATEWAY_ASSERTION_PUBLIC_KEY is invalid/);
  });

  it('refuses a From header with a line break and a non-SMTP URL', () => {
    expect(() => loadConfig({ ...complete, MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM is invalid/);
    expect(() => loadConfig({ ...complete, SMTP_URL: 'http://x' })).toThrow(/SMTP_URL is invalid/);
  });
});
