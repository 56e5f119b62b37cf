import { KeyObject } from 'node:crypto';
import { ConfigError } from '@ferry/service-kit';
import { keyPem, testCallerKeys } from '@ferry/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig, stripeConnection } from './config.js';

const complete = () => ({
  BILLING_PORT: '50053',
  BILLING_DATABASE_URL: 'postgresql://u@h/db',
  LOG_LEVEL: 'warn',
  GATEWAY_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().gateway.publicKey),
  LINK_ASSERTION_PUBLIC_KEY: keyPem(testCallerKeys().link.publicKey),
  CALLER_ASSERTION_PRIVATE_KEY: keyPem(testCallerKeys().billing.privateKey),
  NOTIFICATION_ADDR: '127.0.0.1:50052',
  PUBLIC_ORIGIN: 'https://ferry.example/',
});

describe('billing config', () => {
  it('names the missing variables', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(
      /BILLING_PORT is missing[\s\S]*GATEWAY_ASSERTION_PUBLIC_KEY is missing[\s\S]*BILLING_DATABASE_URL is missing/,
    );
  });

  it('reads a complete environment: payments and the test clock off by default', () => {
    expect(loadConfig(complete())).toEqual({
      BILLING_PORT: 50053,
      BILLING_HOST: '127.0.0.1',
      GATEWAY_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      LINK_ASSERTION_PUBLIC_KEY: expect.any(KeyObject),
      CALLER_ASSERTION_PRIVATE_KEY: expect.any(KeyObject),
      BILLING_DATABASE_URL: 'postgresql://u@h/db',
      LOG_LEVEL: 'warn',
      NOTIFICATION_ADDR: '127.0.0.1:50052',
      PUBLIC_ORIGIN: 'https://ferry.example',
      BILLING_PAYMENTS: 'off',
      BILLING_TEST_CLOCK: 'off',
      BILLING_REMINDER_INTERVAL_S: 60,
    });
  });

  it('requires both Stripe secrets when payments are on', () => {
    expect(() => loadConfig({ ...complete(), BILLING_PAYMENTS: 'on' })).toThrow(
      /STRIPE_SECRET_KEY is missing[\s\S]*STRIPE_WEBHOOK_SECRET is missing/,
    );
    expect(() => loadConfig({ ...complete(), BILLING_PAYMENTS: 'on', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is missing/,
    );
    const on = loadConfig({
      ...complete(),
      BILLING_PAYMENTS: 'on',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:4300',
    });
    expect(on).toMatchObject({ BILLING_PAYMENTS: 'on', STRIPE_API_URL: 'http://127.0.0.1:4300' });
  });

  it('refuses the test clock in production', () => {
    expect(loadConfig({ ...complete(), BILLING_TEST_CLOCK: 'on' }).BILLING_TEST_CLOCK).toBe('on');
    expect(() => loadConfig({ ...complete(), BILLING_TEST_CLOCK: 'on', NODE_ENV: 'production' })).toThrow(
      /BILLING_TEST_CLOCK is invalid: must not be on in production/,
    );
    expect(() => loadConfig({ ...complete(), BILLING_TEST_CLOCK: 'on', STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      /BILLING_TEST_CLOCK is invalid/,
    );
  });

  it('points the Stripe SDK at STRIPE_API_URL', () => {
    expect(stripeConnection(undefined)).toEqual({});
    expect(stripeConnection('http://127.0.0.1:4300')).toEqual({ host: '127.0.0.1', port: 4300, protocol: 'http' });
    expect(stripeConnection('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });
});
