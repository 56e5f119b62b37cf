import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { clientAddress, compileTrust, parseTrustedProxy } from './client-address.js';

function req(peer: string | undefined, xff?: string | string[]): IncomingMessage {
  const headers: Record<string, string> = {};
  // Node joins repeated X-Forwarded-For headers with ", ".
  if (xff !== undefined) headers['x-forwarded-for'] = Array.isArray(xff) ? xff.join(', ') : xff;
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

const ingress = clientAddress(['10.42.0.0/16', 'fd00:42::/64']);

describe('clientAddress', () => {
  it('trusts nobody by default: the socket peer is the client, X-Forwarded-For is ignored', () => {
    const none = clientAddress([]);
    expect(none.of(req('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
    expect(none.of(req('::ffff:203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
    expect(none.of(req(undefined))).toBe('unknown');
    expect(none.trust('10.42.0.5', 0)).toBe(false);
  });

  it('ignores X-Forwarded-For from a peer outside the trusted ranges', () => {
    expect(ingress.of(req('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
    expect(ingress.of(req('2001:db8::9', '198.51.100.1'))).toBe('2001:db8::9');
  });

  it('takes the entry the trusted proxy appended (IPv4)', () => {
    expect(ingress.of(req('10.42.3.4', '198.51.100.1'))).toBe('198.51.100.1');
    expect(ingress.trust('10.42.3.4', 0)).toBe(true);
  });

  it('never reads the spoofable left-most entries', () => {
    // The client sent "1.1.1.1, 10.42.9.9"; the ingress appended the real peer.
    expect(ingress.of(req('10.42.3.4', '1.1.1.1, 10.42.9.9, 198.51.100.1'))).toBe('198.51.100.1');
    expect(ingress.of(req('10.42.3.4', ['1.1.1.1', '198.51.100.1']))).toBe('198.51.100.1');
  });

  it('walks a chain of trusted proxies to the first untrusted one from the right', () => {
    expect(ingress.of(req('10.42.3.4', '8.8.8.8, 198.51.100.1, 10.42.7.7, 10.42.0.9'))).toBe('198.51.100.1');
    // Every hop trusted: the left-most entry is the client.
    expect(ingress.of(req('10.42.3.4', '10.42.1.1, 10.42.0.9'))).toBe('10.42.1.1');
  });

  it('handles IPv6 peers and clients, in normal form', () => {
    expect(ingress.of(req('fd00:42::17', '2001:DB8:0:0::1'))).toBe('2001:db8::1');
    expect(ingress.of(req('fd00:43::17', '2001:db8::1'))).toBe('fd00:43::17');
  });

  it('treats IPv4-mapped IPv6 as IPv4, for the peer and for the entries', () => {
    expect(ingress.of(req('::ffff:10.42.3.4', '198.51.100.1'))).toBe('198.51.100.1');
    expect(ingress.of(req('::ffff:10.42.3.4', '::ffff:198.51.100.1'))).toBe('198.51.100.1');
    expect(ingress.of(req('::ffff:203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
  });

  it('stops at the trusted hop that reported a malformed entry, and survives empty headers', () => {
    expect(ingress.of(req('10.42.3.4', '198.51.100.1, not-an-ip'))).toBe('10.42.3.4');
    expect(ingress.of(req('10.42.3.4', '198.51.100.1, 999.1.1.1, 10.42.0.9'))).toBe('10.42.0.9');
    expect(ingress.of(req('10.42.3.4', '198.51.100.1:4711'))).toBe('10.42.3.4');
    expect(ingress.of(req('10.42.3.4', '[2001:db8::1]'))).toBe('10.42.3.4');
    expect(ingress.of(req('10.42.3.4', ''))).toBe('10.42.3.4');
    expect(ingress.of(req('10.42.3.4', ' , ,, '))).toBe('10.42.3.4');
    expect(ingress.of(req('10.42.3.4'))).toBe('10.42.3.4');
    expect(ingress.of(req('10.42.3.4', `${'x,'.repeat(4000)}198.51.100.1`))).toBe('198.51.100.1');
  });

  it("answers exactly as proxy-addr's trust function, also when it answers from memory", () => {
    const ranges = ['10.42.0.0/16', 'fd00:42::/64', '::ffff:192.168.0.0/112', '203.0.113.9'];
    const ours = compileTrust(ranges);
    const theirs = proxyaddr.compile(ranges);
    const addresses = [
      '10.42.1.1',
      '10.43.1.1',
      '::ffff:10.42.1.1',
      'fd00:42::1',
      'fd00:43::1',
      '192.168.4.4',
      '::ffff:192.168.4.4',
      '203.0.113.9',
      '::ffff:203.0.113.9',
      '203.0.113.10',
      '0x0a.42.0.1',
      'garbage',
      '',
      '::1',
    ];
    for (let round = 0; round < 2; round++)
      for (const a of addresses) expect([a, ours(a, 0)]).toEqual([a, theirs(a, 0)]);
  });

  it('refuses ranges that are not addresses', () => {
    expect(parseTrustedProxy('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(parseTrustedProxy('::1')).toBe('::1');
    expect(() => parseTrustedProxy('loopback')).toThrow(/not an IP address/);
    expect(() => parseTrustedProxy('10.0.0.0/33')).toThrow(TypeError);
    expect(() => parseTrustedProxy('10.0.0.0/0')).toThrow(TypeError);
    expect(() => parseTrustedProxy('ingress.local')).toThrow(TypeError);
    expect(() => parseTrustedProxy('10.1/16')).toThrow(TypeError);
    expect(() => parseTrustedProxy('10.0.0.0/8/8')).toThrow(TypeError);
    expect(() => parseTrustedProxy('10.0.0.0/x')).toThrow(TypeError);
    expect(parseTrustedProxy('fd00:10:244::/56')).toBe('fd00:10:244::/56');
  });
});
