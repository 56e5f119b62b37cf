import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, env, parseEnv, runMain } from './config.js';

const schema = z.object({
  LINK_PORT: env.port(),
  LINK_DATABASE_URL: env.databaseUrl(),
  REDIS_URL: env.redisUrl().optional(),
  LOG_LEVEL: env.logLevel().optional(),
});

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('parses and coerces a valid environment', () => {
    const config = parseEnv(schema, {
      LINK_PORT: '50051',
      LINK_DATABASE_URL: 'postgresql://u@h:5432/db',
      LOG_LEVEL: 'debug',
    });
    expect(config).toEqual({ LINK_PORT: 50051, LINK_DATABASE_URL: 'postgresql://u@h:5432/db', LOG_LEVEL: 'debug' });
  });

  it('accepts the PGlite forms of a database URL', () => {
    expect(parseEnv(schema, { LINK_PORT: '0', LINK_DATABASE_URL: 'pglite:memory' }).LINK_DATABASE_URL).toBe(
      'pglite:memory',
    );
    expect(parseEnv(schema, { LINK_PORT: '0', LINK_DATABASE_URL: 'pglite:///var/data/link' }).LINK_DATABASE_URL).toBe(
      'pglite:///var/data/link',
    );
  });

  it('names every missing variable', () => {
    const err = errorOf(() => parseEnv(schema, {}));
    expect(err.problems).toEqual(['LINK_PORT is missing', 'LINK_DATABASE_URL is missing']);
    expect(err.message).toContain('LINK_PORT is missing');
    expect(err.message).toContain('LINK_DATABASE_URL is missing');
  });

  it('names bad values and says what was expected', () => {
    const err = errorOf(() =>
      parseEnv(schema, {
        LINK_PORT: '70000',
        LINK_DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://r',
        LOG_LEVEL: 'loud',
      }),
    );
    expect(err.problems).toHaveLength(4);
    expect(err.problems[0]).toMatch(/^LINK_PORT is invalid/);
    expect(err.problems[1]).toMatch(/^LINK_DATABASE_URL is invalid: expected postgresql:\/\//);
    expect(err.problems[2]).toMatch(/^REDIS_URL is invalid/);
    expect(err.problems[3]).toMatch(/^LOG_LEVEL is invalid/);
  });

  it('treats an empty value as missing', () => {
    const err = errorOf(() => parseEnv(schema, { LINK_PORT: '1', LINK_DATABASE_URL: '' }));
    expect(err.problems).toEqual(['LINK_DATABASE_URL is missing']);
  });

  it('reads process.env by default', () => {
    process.env.KIT_TEST_PORT = '1234';
    try {
      expect(parseEnv(z.object({ KIT_TEST_PORT: env.port() })).KIT_TEST_PORT).toBe(1234);
    } finally {
      delete process.env.KIT_TEST_PORT;
    }
  });

  it('validates gRPC addresses', () => {
    const s = z.object({ LINK_ADDR: env.grpcAddress() });
    expect(parseEnv(s, { LINK_ADDR: '127.0.0.1:50051' }).LINK_ADDR).toBe('127.0.0.1:50051');
    expect(parseEnv(s, { LINK_ADDR: 'dns:///link.ferry.svc.cluster.local:50051' }).LINK_ADDR).toContain('dns:///');
    expect(errorOf(() => parseEnv(s, { LINK_ADDR: 'http://link' })).problems[0]).toMatch(/^LINK_ADDR is invalid/);
    const replicas = 'ipv4:127.0.0.1:50051,127.0.0.1:50061';
    expect(parseEnv(s, { LINK_ADDR: replicas }).LINK_ADDR).toBe(replicas);
    for (const bad of ['ipv4:link:50051', 'ipv4:127.0.0.1:50051,', '127.0.0.1:50051,127.0.0.1:50061'])
      expect(errorOf(() => parseEnv(s, { LINK_ADDR: bad })).problems[0]).toMatch(/^LINK_ADDR is invalid/);
  });
});

describe('runMain', () => {
  function capture() {
    const out = { errors: [] as string[], exits: [] as number[] };
    return {
      out,
      options: {
        exit: (code: number) => void out.exits.push(code),
        writeError: (t: string) => void out.errors.push(t),
      },
    };
  }

  it('prints a ConfigError plainly, naming the variables, and exits 1', async () => {
    const { out, options } = capture();
    await runMain(
      'link',
      async () => {
        parseEnv(schema, {});
      },
      options,
    );
    expect(out.exits).toEqual([1]);
    expect(out.errors.join('')).toBe(
      'link: Invalid configuration:\n  - LINK_PORT is missing\n  - LINK_DATABASE_URL is missing\n',
    );
  });

  it('logs any other crash as one JSON line and exits 1', async () => {
    const { out, options } = capture();
    await runMain(
      'link',
      async () => {
        throw new Error('port in use');
      },
      options,
    );
    expect(out.exits).toEqual([1]);
    expect(JSON.parse(out.errors[0]!)).toMatchObject({
      level: 'fatal',
      service: 'link',
      msg: 'crashed',
      err: { message: 'port in use' },
    });
  });

  it('does not exit when main succeeds', async () => {
    const { out, options } = capture();
    await runMain('link', async () => undefined, options);
    expect(out).toEqual({ errors: [], exits: [] });
  });
});
