import type { IncomingMessage } from 'node:http';
import { incomingRequestId, REQUEST_ID_HEADER } from '../http/request-id.js';

/**
 * The key that makes one request count one download, on whichever gateway it lands: the load
 * balancer's request id (ingress-nginx sends `X-Request-ID`, the same when `proxy_next_upstream`
 * sends a GET whose gateway died to the next one), with the client's address and the counted
 * key. The id may come from the client (ingress-nginx passes a client's own id on), so a client
 * can at most make its own repeated downloads of one link within two minutes count once, never
 * another client's. Undefined without an id: the download counts as it always did.
 */
export function downloadOnceKey<R extends IncomingMessage>(
  req: R,
  clientAddress: (req: R) => string,
  countKey: string,
): string | undefined {
  const id = incomingRequestId(req.headers[REQUEST_ID_HEADER]);
  return id === undefined ? undefined : `${clientAddress(req)}|${countKey}|${id}`;
}
