import { Metadata, type ClientReadableStream } from '@grpc/grpc-js';
import type { LinkServiceClient, WatchInvalidationsResponse } from '@ferry/contracts/link/v1';
import type { Logger } from 'pino';
import { backoffDelay } from '@ferry/rules';
import type { LinkCache } from './link-cache.js';

export interface InvalidationWatch {
  close(): void;
}

/**
 * Keeps a WatchInvalidations stream open to the link service and drops changed links from the
 * cache. The stream's first message (an empty slug) marks it live; while it is down the cache
 * trusts entries for 2 s only, so a change reaches every gateway within a few seconds either way.
 */
export function watchInvalidations(client: LinkServiceClient, cache: LinkCache, logger: Logger): InvalidationWatch {
  let closed = false;
  let stream: ClientReadableStream<WatchInvalidationsResponse> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  // Resume point: the link service replays what we missed while reconnecting (it reconnects every
  // few minutes: the server's max_connection_age), so the cache need not be revalidated.
  let epoch = '';
  let lastSeq = '0';

  const connect = () => {
    if (closed) return;
    const s = client.watchInvalidations({ epoch, afterSeq: lastSeq }, new Metadata());
    stream = s;
    let ended = false;
    const down = (reason: string) => {
      if (ended) return;
      ended = true;
      cache.setLive(false);
      if (closed) return;
      failures++;
      const delay = backoffDelay(failures, { baseMs: 100, maxMs: 5_000 });
      // The link service ends every connection after a few minutes (max_connection_age), and the
      // stream with it: one drop is routine and the reconnect resumes it. Trouble is a reconnect
      // that fails too.
      if (failures === 1) logger.debug({ reason, retryInMs: delay }, 'link invalidation stream ended: reconnecting');
      else if (failures === 2 || failures % 20 === 0)
        logger.warn({ reason, retryInMs: delay, failures }, 'link invalidation stream down');
      retry = setTimeout(connect, delay);
      retry.unref();
    };
    s.on('data', (m: WatchInvalidationsResponse) => {
      epoch = m.epoch;
      lastSeq = m.seq;
      if (m.slug === '') {
        failures = 0;
        cache.setLive(true, { resumed: !m.reset });
        return;
      }
      cache.invalidate(m.slug);
    });
    s.on('error', (err: Error) => down(err.message));
    s.on('end', () => down('ended'));
  };
  connect();

  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      stream?.cancel();
      cache.setLive(false);
    },
  };
}
