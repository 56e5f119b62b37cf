import * as grpc from '@grpc/grpc-js';
import type { DeleteOfflineGrantRequest, StoreOfflineGrantRequest } from '@ferry/contracts/link/v1';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessTokenSource, type AccessTokenSource } from '../src/grants/access-token.js';
import { EnvelopeError, KeyRing } from '../src/grants/key-ring.js';
import { OfflineGrants } from '../src/grants/offline-grants.js';
import { oidcTokenEndpoint } from '../src/grants/token-endpoint.js';
import { callUnary, logger, migratedPostgres, startLink, type RunningLink } from './harness.js';
import { startOidcStub, STUB_CLIENT, type OidcStub } from './oidc-stub.js';

const K1 = KeyRing.generateEntry('k1');
const K2 = KeyRing.generateEntry('k2');
const alice = { sub: '100000000000000000001', email: 'alice@example.com' };
const bob = { sub: '100000000000000000002', email: 'bob@example.com' };

describe('offline grants: refresh tokens encrypted at rest', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningLink;
  let stub: OidcStub;
  let grants: OfflineGrants;
  let tokens: AccessTokenSource;

  /** The link server's grant RPCs on key ring `ring` (a restart with another TOKEN_ENCRYPTION_KEYS). */
  async function start(ring: string): Promise<void> {
    await running?.stop();
    running = await startLink(database.url);
    await running.stop();
    running = await startLink(database.url, {
      offlineGrants: (() => {
        grants = new OfflineGrants(running.db.prisma, KeyRing.parse(ring));
        const tokenEndpoint = oidcTokenEndpoint({ issuer: stub.issuer, ...STUB_CLIENT });
        tokens = accessTokenSource({ prisma: running.db.prisma, grants, tokenEndpoint, logger });
        return { grants, tokenEndpoint, accessTokens: tokens };
      })(),
    });
  }

  const store = (who: typeof alice, refreshToken: string) =>
    callUnary(running.link.storeOfflineGrant.bind(running.link), {
      caller: who,
      refreshToken,
      scope: 'openid https://www.googleapis.com/auth/drive.file',
    } as StoreOfflineGrantRequest);
  const remove = (who: typeof alice) =>
    callUnary(running.link.deleteOfflineGrant.bind(running.link), { caller: who } as DeleteOfflineGrantRequest);
  const rows = () =>
    running.db.prisma.$queryRaw<
      Array<{ owner_sub: string; key_id: string; sealed: Uint8Array }>
    >`SELECT owner_sub, key_id, sealed FROM offline_grants ORDER BY owner_sub`;

  beforeAll(async () => {
    database = await migratedPostgres();
    stub = await startOidcStub();
  });
  afterAll(async () => {
    await running?.stop();
    await stub?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    stub.live.clear();
    stub.rotateNext.clear();
    stub.refreshCalls.length = 0;
    stub.revoked.length = 0;
  });

  it('stores only ciphertext, under the first key, bound to its owner', async () => {
    await start(K1);
    const token = 'refresh-alice-plaintext-0001';
    expect((await store(alice, token)).err).toBeNull();
    const [row] = await rows();
    expect(row!.key_id).toBe('k1');
    const sealed = Buffer.from(row!.sealed);
    expect(sealed.includes(Buffer.from(token))).toBe(false);
    expect(sealed.toString('utf8')).not.toContain('refresh-alice');
    // The text columns hold no token either.
    const text = await running.db.prisma.$queryRaw<
      Array<{ t: string }>
    >`SELECT row_to_json(g)::text AS t FROM offline_grants g`;
    expect(text[0]!.t).not.toContain(token);
    expect(await grants.read(alice.sub)).toBe(token);

    // Another key with the same id does not open it; nor does the right key for another owner's row.
    const impostor = KeyRing.parse(`k1:${Buffer.alloc(32, 7).toString('base64')}`);
    expect(() => impostor.open({ keyId: 'k1', sealed }, alice.sub)).toThrow(EnvelopeError);
    expect(() => KeyRing.parse(K1).open({ keyId: 'k1', sealed }, bob.sub)).toThrow(EnvelopeError);
    expect(() => KeyRing.parse(K2).open({ keyId: 'k1', sealed }, alice.sub)).toThrow(/no key "k1"/);
  });

  it('rotates keys: an old key still decrypts, new writes and refreshes use the new key id', async () => {
    await start(K1);
    expect((await store(alice, 'refresh-alice-rot')).err).toBeNull();
    expect((await store(bob, 'refresh-bob-rot')).err).toBeNull();
    await start(`${K2},${K1}`);
    expect(await grants.read(alice.sub)).toBe('refresh-alice-rot');
    expect((await rows()).map((r) => r.key_id)).toEqual(['k1', 'k1']);
    // A new write seals with k2.
    expect((await store(bob, 'refresh-bob-rot-2')).err).toBeNull();
    // A refresh re-seals a grant that still uses an old key.
    stub.live.add('refresh-alice-rot');
    expect(await tokens.accessTokenFor(alice.sub)).toMatch(/^access-\d+-refresh-alice-rot$/);
    expect((await rows()).map((r) => r.key_id)).toEqual(['k2', 'k2']);
    // Dropping k1 now loses nothing.
    await start(K2);
    expect(await grants.read(alice.sub)).toBe('refresh-alice-rot');
    expect(await grants.read(bob.sub)).toBe('refresh-bob-rot-2');
  });

  it('stores the new refresh token when a refresh rotates it, and refreshes once for many calls', async () => {
    await start(K1);
    await store(alice, 'refresh-alice-rotating');
    stub.live.add('refresh-alice-rotating');
    stub.rotateNext.add('refresh-alice-rotating');
    const first = await tokens.accessTokenFor(alice.sub);
    expect(first).toMatch(/^access-/);
    const rotated = await grants.read(alice.sub);
    expect(rotated).toMatch(/^refresh-alice-rotating-r\d+$/);
    expect(stub.live.has('refresh-alice-rotating')).toBe(false);
    // Reused within the window: no second refresh for the same owner.
    expect(await Promise.all([tokens.accessTokenFor(alice.sub), tokens.accessTokenFor(alice.sub)])).toEqual([
      first,
      first,
    ]);
    expect(stub.refreshCalls).toEqual(['refresh-alice-rotating']);
    // The rotated token is the one a later refresh uses.
    tokens.forget(alice.sub);
    expect(await tokens.accessTokenFor(alice.sub)).toMatch(/^access-/);
    expect(stub.refreshCalls).toEqual(['refresh-alice-rotating', rotated]);
  });

  it("answers 'revoked' for a grant the provider refuses, deletes it, then answers 'no-grant'", async () => {
    await start(K1);
    await store(alice, 'refresh-alice-revoked');
    expect(await tokens.accessTokenFor(alice.sub)).toBe('revoked');
    expect((await rows()).some((r) => r.owner_sub === alice.sub)).toBe(false);
    expect(await tokens.accessTokenFor(alice.sub)).toBe('no-grant');
    expect(await tokens.accessTokenFor('100000000000000000999')).toBe('no-grant');
  });

  it('throws (retry later) when the provider cannot answer, keeping the grant', async () => {
    await start(K1);
    await store(bob, 'refresh-bob-unreachable');
    const offline = accessTokenSource({
      prisma: running.db.prisma,
      grants,
      tokenEndpoint: oidcTokenEndpoint({ issuer: 'http://127.0.0.1:9', ...STUB_CLIENT }),
      logger,
    });
    await expect(offline.accessTokenFor(bob.sub)).rejects.toThrow();
    expect(await grants.read(bob.sub)).toBe('refresh-bob-unreachable');
  });

  it('sign-out deletes the grant here and revokes it at the provider; only the caller’s own', async () => {
    await start(K1);
    await store(alice, 'refresh-alice-signout');
    await store(bob, 'refresh-bob-stays');
    const res = await remove(alice);
    expect(res.err).toBeNull();
    expect(res.res).toEqual({ deleted: true });
    expect((await rows()).map((r) => r.owner_sub)).toEqual([bob.sub]);
    expect(stub.revoked).toEqual(['refresh-alice-signout']);
    expect(await tokens.accessTokenFor(alice.sub)).toBe('no-grant');
    expect((await remove(alice)).res).toEqual({ deleted: false });
  });

  it('refuses a malformed refresh token with INVALID_ARGUMENT and stores nothing', async () => {
    await start(K1);
    await remove(alice);
    for (const bad of ['', 'two words', 'x'.repeat(5000)]) {
      const { err } = await store(alice, bad);
      expect(err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    }
    expect((await rows()).some((r) => r.owner_sub === alice.sub)).toBe(false);
  });
});
