import { KeyObject } from 'node:crypto';
import { ConfigError } from '@ferry/service-kit';
import { keyPem, testCallerKeys } from '@ferry/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { acceptedClientIds, loadConfig } from '../src/config.js';

const valid = {
  GATEWAY_PORT: '8080',
  LINK_ADDR: '127.0.0.1:50051',
  NOTIFICATION_ADDR: '127.0.0.1:50052',
  BILLING_ADDR: 'dns:///billing.ferry.svc.cluster.local:50053',
  GRPC_DEADLINE_MS: '3000',
  PUBLIC_ORIGIN: 'https://ferry.example.com',
  OIDC_PROVIDER: 'google',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'ferry.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'a-client-secret',
  CALLER_ASSERTION_PRIVATE_KEY: keyPem(testCallerKeys().gateway.privateKey),
};

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('names every missing variable', () => {
    const err = errorOf({});
    for (const name of [
      'GATEWAY_PORT',
      'LINK_ADDR',
      'NOTIFICATION_ADDR',
      'BILLING_ADDR',
      'GRPC_DEADLINE_MS',
      'PUBLIC_ORIGIN',
      'OIDC_PROVIDER',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'CALLER_ASSERTION_PRIVATE_KEY',
    ]) {
      expect(err.message).toContain(`${name} is missing`);
    }
    expect(errorOf({ ...valid, LINK_ADDR: undefined }).message).toContain('LINK_ADDR is missing');
    expect(errorOf({ ...valid, LINK_ADDR: undefined }).problems).toHaveLength(1);
  });

  it('names bad values', () => {
    expect(errorOf({ ...valid, GATEWAY_PORT: 'eighty' }).message).toContain('GATEWAY_PORT is invalid');
    expect(errorOf({ ...valid, GRPC_DEADLINE_MS: '0' }).message).toContain('GRPC_DEADLINE_MS is invalid');
    expect(errorOf({ ...valid, BILLING_ADDR: 'http://billing' }).message).toContain('BILLING_ADDR is invalid');
    expect(errorOf({ ...valid, REDIS_URL: 'localhost:6379' }).message).toContain('REDIS_URL is invalid');
    expect(errorOf({ ...valid, WEB_SHELL_DIR: 'shell/dist' }).message).toContain('WEB_SHELL_DIR is invalid');
    expect(errorOf({ ...valid, WEB_REMOTES_MANIFEST: 'remotes.json' }).message).toContain(
      'WEB_REMOTES_MANIFEST is invalid',
    );
    expect(errorOf({ ...valid, LOG_LEVEL: 'loud' }).message).toContain('LOG_LEVEL is invalid');
    expect(
      errorOf({ ...valid, CALLER_ASSERTION_PRIVATE_KEY: keyPem(testCallerKeys().gateway.publicKey) }).message,
    ).toContain('CALLER_ASSERTION_PRIVATE_KEY is invalid');
    const remotes = errorOf({ ...valid, WEB_REMOTES: 'upload@1.0.0=/srv/upload,download=/srv/download' }).message;
    expect(remotes).toContain('WEB_REMOTES is invalid');
    expect(remotes).toContain('download=/srv/download');
    expect(errorOf({ ...valid, WEB_REMOTES: 'upload@1=relative/dir' }).message).toContain('WEB_REMOTES is invalid');
    expect(errorOf({ ...valid, WEB_REMOTES: 'a@1=/x,a@1=/y' }).message).toContain('listed twice');
  });

  it('parses a full configuration', () => {
    const config = loadConfig({
      ...valid,
      REDIS_URL: 'redis://127.0.0.1:6379',
      WEB_SHELL_DIR: '/srv/shell',
      WEB_REMOTES: ' upload@0.1.0=/srv/upload , account@2.0.0-rc.1=/srv/account/ ,',
      WEB_REMOTES_MANIFEST: '/srv/remotes.json',
      LOG_LEVEL: 'debug',
    });
    expect(config.GATEWAY_PORT).toBe(8080);
    expect(config.GRPC_DEADLINE_MS).toBe(3000);
    expect(config.CALLER_ASSERTION_PRIVATE_KEY).toBeInstanceOf(KeyObject);
    expect(config.WEB_REMOTES).toEqual([
      { name: 'upload', version: '0.1.0', dir: '/srv/upload' },
      { name: 'account', version: '2.0.0-rc.1', dir: '/srv/account' },
    ]);
  });

  it('accepts sign-in settings and CSP origin lists, refuses a public origin with a path', () => {
    const config = loadConfig({
      ...valid,
      CSP_SCRIPT_ORIGINS: 'https://cdn.example.com, https://b.example.com',
      CSP_CONNECT_ORIGINS: 'https://www.googleapis.com',
    });
    expect(config.PUBLIC_ORIGIN).toBe('https://ferry.example.com');
    expect(config.CSP_SCRIPT_ORIGINS).toEqual(['https://cdn.example.com', 'https://b.example.com']);
    expect(config.CSP_CONNECT_ORIGINS).toEqual(['https://www.googleapis.com']);
    expect(errorOf({ ...valid, PUBLIC_ORIGIN: 'https://ferry.example.com/app' }).message).toContain('PUBLIC_ORIGIN');
    expect(errorOf({ ...valid, OIDC_PROVIDER: 'facebook' }).message).toContain('OIDC_PROVIDER');
    expect(errorOf({ ...valid, CSP_SCRIPT_ORIGINS: 'cdn.example.com' }).message).toContain('CSP_SCRIPT_ORIGINS');
  });

  it('serves metrics on 127.0.0.1 unless GATEWAY_METRICS_HOST says otherwise (a container: 0.0.0.0)', () => {
    expect(loadConfig(valid).GATEWAY_METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ ...valid, GATEWAY_METRICS_HOST: '0.0.0.0' }).GATEWAY_METRICS_HOST).toBe('0.0.0.0');
    expect(errorOf({ ...valid, GATEWAY_METRICS_HOST: 'everywhere' }).message).toMatch(/GATEWAY_METRICS_HOST/);
  });

  it("accepts tokens of OIDC_CLIENT_ID and OIDC_ACCEPTED_CLIENT_IDS' clients only, and names a bad id", () => {
    expect(acceptedClientIds(loadConfig(valid))).toEqual(['ferry.apps.googleusercontent.com']);
    const both = loadConfig({ ...valid, OIDC_ACCEPTED_CLIENT_IDS: ' ferry-cli.apps.googleusercontent.com, ,' });
    expect(acceptedClientIds(both)).toEqual([
      'ferry.apps.googleusercontent.com',
      'ferry-cli.apps.googleusercontent.com',
    ]);
    expect(errorOf({ ...valid, OIDC_ACCEPTED_CLIENT_IDS: 'ferry-cli,other app' }).message).toContain(
      'OIDC_ACCEPTED_CLIENT_IDS',
    );
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({ ...valid, REDIS_URL: '', WEB_SHELL_DIR: '', WEB_REMOTES: '', LOG_LEVEL: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.WEB_SHELL_DIR).toBeUndefined();
    expect(config.WEB_REMOTES).toBeUndefined();
  });

  it('reads TRUSTED_PROXIES as IPv4 and IPv6 addresses or ranges, and names a bad entry', () => {
    expect(loadConfig(valid).TRUSTED_PROXIES).toBeUndefined();
    expect(loadConfig({ ...valid, TRUSTED_PROXIES: '' }).TRUSTED_PROXIES).toBeUndefined();
    expect(
      loadConfig({ ...valid, TRUSTED_PROXIES: '10.244.0.0/16, fd00:10:244::/56,127.0.0.1' }).TRUSTED_PROXIES,
    ).toEqual(['10.244.0.0/16', 'fd00:10:244::/56', '127.0.0.1']);
    const err = errorOf({ ...valid, TRUSTED_PROXIES: '10.244.0.0/16,ingress-nginx' });
    expect(err.message).toContain('TRUSTED_PROXIES');
    expect(err.message).toContain('ingress-nginx');
    expect(errorOf({ ...valid, TRUSTED_PROXIES: '10.0.0.0/40' }).message).toContain('TRUSTED_PROXIES');
  });
});
