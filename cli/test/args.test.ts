import { describe, expect, it } from 'vitest';
import { parseDuration, parseSendArgs, UsageError } from '../src/args';

const DAY = 86_400_000;

describe('parseSendArgs', () => {
  it('takes files and folders with the defaults', () => {
    expect(parseSendArgs(['a.bin', 'photos/'])).toEqual({
      paths: ['a.bin', 'photos/'],
      password: false,
      emails: [],
      signOut: false,
      help: false,
    });
  });

  it('reads --expires, --password and repeated --email (normalised)', () => {
    const a = parseSendArgs(['--expires', '3d', 'f', '--password', '--email', ' Bo@Example.com ', '--email=c@d.io']);
    expect(a.validityMs).toBe(3 * DAY);
    expect(a.password).toBe(true);
    expect(a.emails).toEqual(['bo@example.com', 'c@d.io']);
    expect(a.paths).toEqual(['f']);
  });

  it('refuses bad input with a usage error', () => {
    expect(() => parseSendArgs([])).toThrow(UsageError);
    expect(() => parseSendArgs(['f', '--email', 'not-an-address'])).toThrow(/--email/);
    expect(() => parseSendArgs(['f', '--expires', 'soon'])).toThrow(/--expires/);
    expect(() => parseSendArgs(['f', '--unknown'])).toThrow(UsageError);
    expect(() => parseSendArgs(['f', '--expires'])).toThrow(UsageError);
  });

  it('needs no path for --help and --sign-out', () => {
    expect(parseSendArgs(['-h']).help).toBe(true);
    expect(parseSendArgs(['--sign-out']).signOut).toBe(true);
  });
});

describe('parseDuration', () => {
  it('reads hours and days within 1h and 30d', () => {
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('30d')).toBe(30 * DAY);
    expect(parseDuration('14d')).toBe(14 * DAY);
    expect(parseDuration('7D')).toBe(7 * DAY);
    expect(() => parseDuration('0h')).toThrow(UsageError);
    expect(() => parseDuration('31d')).toThrow(/between 1h and 30d/);
    expect(() => parseDuration('3 days')).toThrow(UsageError);
  });
});
