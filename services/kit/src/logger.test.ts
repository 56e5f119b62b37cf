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
    expect(entry).toMatchObject({ service: 'link', msg: 'hello', slug: 'AbCdEfGh', token: '[redacted]', req: { authorization: '[redacted]' } });
    expect(lines[0]).not.toContain('secret-token');
    expect(lines[0]).not.toContain('Bearer abc');
  });
});
