import type { IncomingMessage } from 'node:http';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/** proxy-addr's trust function, the form Express's `trust proxy` setting takes. */
export type TrustProxy = (address: string, hop: number) => boolean;

export interface ClientAddress {
  /** For `app.set('trust proxy', …)`, so `req.ip`, `req.protocol` and `req.hostname` agree. */
  trust: TrustProxy;
  /**
   * The client's address: the socket peer, or, when the peer is a trusted proxy, the right-most
   * X-Forwarded-For entry that is not a trusted proxy (entries left of it are whatever the client
   * sent and are never read). IPv4-mapped IPv6 is given as IPv4. An entry that is not an address
   * ends the walk at the trusted hop that reported it.
   */
  of(req: IncomingMessage): string;
}

/** `a.b.c.d`, `a.b.c.d/n`, `x:y::z` or `x:y::z/n`; throws a TypeError naming the bad entry. */
export function parseTrustedProxy(entry: string): string {
  const [address = '', prefix, ...rest] = entry.split('/');
  // Node's check: dotted quads only (ipaddr.js would also take "10.1" or "0x0a.0.0.1").
  if (!isIP(address) || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
    throw new TypeError(`"${entry}" is not an IP address or CIDR range`);
  }
  try {
    proxyaddr.compile(entry); // also refuses what proxy-addr would (a /0 range, /33)
  } catch {
    throw new TypeError(`"${entry}" is not a usable proxy range`);
  }
  return entry;
}

const trustNone: TrustProxy = () => false;

/** Distinct addresses whose trust is remembered; the map starts over when full. */
const TRUST_MEMO_SIZE = 10_000;

/**
 * proxy-addr's trust function for the ranges, remembering its answers: it parses every address
 * with ipaddr.js (microseconds each), and it runs on the redirect path while any client is
 * blocked, where the same proxy pods and visitors come back again and again.
 */
export function compileTrust(trustedProxies: readonly string[]): TrustProxy {
  if (trustedProxies.length === 0) return trustNone;
  const trusted = proxyaddr.compile(trustedProxies.map(parseTrustedProxy));
  const memo = new Map<string, boolean>();
  return (address, hop) => {
    let answer = memo.get(address);
    if (answer === undefined) {
      answer = trusted(address, hop);
      if (memo.size >= TRUST_MEMO_SIZE) memo.clear();
      memo.set(address, answer);
    }
    return answer;
  };
}

/** The client address as the gateway sees it, given the trusted proxy ranges (empty = trust none). */
export function clientAddress(trustedProxies: readonly string[]): ClientAddress {
  const trust = compileTrust(trustedProxies);
  if (trustedProxies.length === 0) return { trust, of: (req) => canonical(req.socket.remoteAddress) ?? 'unknown' };
  return {
    trust,
    of(req) {
      // [socket peer, …trusted hops…, first untrusted entry] read right to left by proxy-addr.
      const chain = proxyaddr.all(req, trust);
      for (let i = chain.length - 1; i >= 0; i--) {
        const address = canonical(chain[i]);
        if (address !== undefined) return address;
      }
      return 'unknown';
    },
  };
}

const MAPPED = '::ffff:';

/**
 * Normal form of an address (IPv4-mapped → IPv4, IPv6 compressed), or undefined if it is none.
 * Node's own checks first: they are strict (dotted quads only) and ~50× faster than ipaddr.js.
 */
function canonical(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return undefined;
  if (address.startsWith(MAPPED) && isIPv4(address.slice(MAPPED.length))) return address.slice(MAPPED.length);
  return ipaddr.process(address).toString();
}
