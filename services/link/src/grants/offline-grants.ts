import type { PrismaClient } from '../db.js';
import type { KeyRing } from './key-ring.js';

/** Prisma's interactive transaction client (what `$transaction(async (tx) => …)` hands over). */
export type GrantTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * Refresh tokens at rest in `offline_grants`, one per owner, sealed with the key ring's first key
 * and the owner's sub as associated data. Nothing here returns a token to a caller outside the
 * link service.
 */
export class OfflineGrants {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly keys: KeyRing,
  ) {}

  /** Stores (or replaces) the owner's refresh token; `scope` undefined keeps the stored one. */
  async store(
    ownerSub: string,
    refreshToken: string,
    scope: string | undefined,
    db: PrismaClient | GrantTx = this.prisma,
  ): Promise<void> {
    const { keyId, sealed } = this.keys.seal(refreshToken, ownerSub);
    const data = { keyId, sealed: new Uint8Array(sealed), updatedAt: new Date() };
    await db.offlineGrant.upsert({
      where: { ownerSub },
      create: { ownerSub, ...data, scope: scope ?? '' },
      update: { ...data, ...(scope === undefined ? {} : { scope }) },
    });
  }

  /** True when a value sealed with `keyId` should be sealed again with the current first key. */
  isSealedWithOldKey(keyId: string): boolean {
    return this.keys.isStale(keyId);
  }

  /** The owner's refresh token, or undefined. Throws EnvelopeError when no configured key opens it. */
  async read(ownerSub: string): Promise<string | undefined> {
    const row = await this.prisma.offlineGrant.findUnique({ where: { ownerSub } });
    return row ? this.keys.open({ keyId: row.keyId, sealed: Buffer.from(row.sealed) }, ownerSub) : undefined;
  }

  /**
   * Reads the owner's grant with its row locked until `tx` ends, so one refresh at a time uses it
   * (a provider that rotates refresh tokens refuses, and may revoke, a rotated one used again).
   */
  async readForUpdate(tx: GrantTx, ownerSub: string): Promise<{ refreshToken: string; keyId: string } | undefined> {
    const rows = await tx.$queryRaw<Array<{ key_id: string; sealed: Uint8Array }>>`
      SELECT key_id, sealed FROM offline_grants WHERE owner_sub = ${ownerSub} FOR UPDATE`;
    const row = rows[0];
    return row
      ? {
          refreshToken: this.keys.open({ keyId: row.key_id, sealed: Buffer.from(row.sealed) }, ownerSub),
          keyId: row.key_id,
        }
      : undefined;
  }

  /** Forgets the owner's grant; true when there was one. */
  async delete(ownerSub: string, db: PrismaClient | GrantTx = this.prisma): Promise<boolean> {
    const { count } = await db.offlineGrant.deleteMany({ where: { ownerSub } });
    return count > 0;
  }
}
