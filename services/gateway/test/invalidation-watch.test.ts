import { EventEmitter } from 'node:events';
import type { LinkServiceClient } from '@ferry/contracts/link/v1';
import { waitFor } from '@ferry/testkit';
import { describe, expect, it } from 'vitest';
import { watchInvalidations } from '../src/links/invalidation-watch.js';
import type { LinkCache } from '../src/links/link-cache.js';
import { capturingLogger } from './helpers.js';

class FakeStream extends EventEmitter {
  cancel(): void {
    this.emit('error', new Error('cancelled'));
  }
}

describe('the invalidation stream', () => {
  it('reconnects quietly when the link service ends a live stream, and warns when reconnecting fails too', async () => {
    const streams: FakeStream[] = [];
    const client = {
      watchInvalidations: () => {
        const s = new FakeStream();
        streams.push(s);
        return s;
      },
    } as unknown as LinkServiceClient;
    const live: boolean[] = [];
    const cache = { setLive: (v: boolean) => live.push(v), invalidate: () => undefined } as unknown as LinkCache;
    const { logger, lines } = capturingLogger();
    const watch = watchInvalidations(client, cache, logger);
    const warnings = () => lines.filter((l) => l.level === 40).map((l) => l.msg);
    try {
      streams[0]!.emit('data', { slug: '', epoch: 'e1', seq: '1', reset: true });
      // The server's max_connection_age ends the stream: routine.
      streams[0]!.emit('error', new Error('14 UNAVAILABLE: Connection dropped'));
      await waitFor('the reconnect', async () => streams.length === 2, 2_000);
      streams[1]!.emit('data', { slug: '', epoch: 'e1', seq: '1', reset: false });
      expect(warnings()).toEqual([]);
      expect(live).toEqual([true, false, true]);

      // The link service is gone: the stream ends and the reconnect fails as well.
      streams[1]!.emit('error', new Error('14 UNAVAILABLE: Connection dropped'));
      await waitFor('the second connect', async () => streams.length === 3, 2_000);
      streams[2]!.emit('error', new Error('14 UNAVAILABLE: No connection established'));
      expect(warnings()).toEqual(['link invalidation stream down']);
    } finally {
      watch.close();
    }
  });
});
