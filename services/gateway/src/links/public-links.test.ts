import { describe, expect, it } from 'vitest';
import { gatewayConfigSchema } from '../config.js';
import { hostSupportsSubdomains, publicLinksFor, publicLinksOf } from './public-links.js';

describe('public links', () => {
  it('turns subdomain links on by default for DNS names and localhost, off for IP addresses and single labels', () => {
    expect(hostSupportsSubdomains('https://ferry.example.com')).toBe(true);
    expect(hostSupportsSubdomains('http://localhost:8080')).toBe(true);
    expect(hostSupportsSubdomains('http://127.0.0.1:8080')).toBe(false);
    expect(hostSupportsSubdomains('http://[::1]:8080')).toBe(false);
    expect(hostSupportsSubdomains('http://gateway:8080')).toBe(false);
    expect(publicLinksOf({ PUBLIC_ORIGIN: 'http://localhost:8080' }).subdomainLinks).toBe(true);
    expect(publicLinksOf({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080' }).subdomainLinks).toBe(false);
    expect(publicLinksOf({ PUBLIC_ORIGIN: 'https://ferry.example.com', SUBDOMAIN_LINKS: 'off' }).subdomainLinks).toBe(
      false,
    );
    expect(publicLinksOf({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080', SUBDOMAIN_LINKS: 'on' }).subdomainLinks).toBe(true);
  });

  it("hands out /{slug} on the sender's subdomain when on, /r/{slug} on the root when off or without a sender", () => {
    const on = publicLinksFor('https://ferry.example.com', true);
    expect(on.rootHost).toBe('ferry.example.com');
    expect(on.shortUrl('AbCdEfGh123', 'alice-2')).toBe('https://alice-2.ferry.example.com/AbCdEfGh123');
    expect(on.shortUrl('AbCdEfGh123', '')).toBe('https://ferry.example.com/r/AbCdEfGh123');
    expect(publicLinksFor('http://localhost:8080', false).shortUrl('AbCdEfGh123', 'alice')).toBe(
      'http://localhost:8080/r/AbCdEfGh123',
    );
    expect(publicLinksFor('http://localhost:8080', false).senderUrl('alice', 'a-token-code-of-17')).toBe(
      'http://alice.localhost:8080/a-token-code-of-17',
    );
  });

  it('reads SUBDOMAIN_LINKS as on or off only', () => {
    const shape = gatewayConfigSchema.shape.SUBDOMAIN_LINKS;
    expect(shape.parse('on')).toBe('on');
    expect(shape.parse('')).toBeUndefined();
    expect(shape.safeParse('yes').success).toBe(false);
  });
});
