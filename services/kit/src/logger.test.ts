import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('createLogger', () => {
  it('uses the given level and falls back to info for unknown levels', () => {
    expect(createLogger('t', 'debug').level).toBe('debug');
    expect(createLogger('t', 'nonsense').level).toBe('info');
  });

  it('writes one JSON object per line with the service name, and redacts tokens', () => {
    const lines: string[] = [];
    const logger = createLogger('link', 'info', { write: (line: string) => void lines.push(line) });
    logger.info({ token: 'secret-token', req: { authorization: 'Bearer abc' }, slug: 'AbCdEfGh' }, 'hello');
    logger.debug('not at info level');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      service: 'link',
      msg: 'hello',
      slug: 'AbCdEfGh',
      token: '[redacted]',
      req: { authorization: '[redacted]' },
    });
    expect(lines[0]).not.toContain('secret-token');
    expect(lines[0]).not.toContain('Bearer abc');
  });

  it('redacts OAuth token fields, top level and one level down', () => {
    const lines: string[] = [];
    const logger = createLogger('link', 'trace', { write: (line: string) => void lines.push(line) });
    logger.trace(
      {
        refreshToken: 'rt-1',
        refresh_token: 'rt-2',
        access_token: 'at-1',
        tokens: { refresh_token: 'rt-3', access_token: 'at-2' },
        grant: { refreshToken: 'rt-4' },
      },
      'tokens',
    );
    for (const value of ['rt-1', 'rt-2', 'rt-3', 'rt-4', 'at-1', 'at-2']) expect(lines[0]).not.toContain(value);
  });
});
