import type { PrismaClient } from '../db.js';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Downloads are kept per quarter hour, so that any real time zone's days are whole sums of buckets. */
export const BUCKET_MS = 15 * 60_000;

/** The start of the quarter hour (UTC) a download at `at` is counted in. */
export function bucketStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS);
}

/** Adds `n` downloads at `at` to the link's bucket, in the transaction that raises its exact count. */
export async function countInBucket(tx: Tx, linkId: string, n: bigint, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO link_download_buckets AS b (link_id, bucket_start, downloads)
    VALUES (${linkId}::uuid, ${bucketStart(at)}, ${n})
    ON CONFLICT (link_id, bucket_start) DO UPDATE SET downloads = b.downloads + excluded.downloads`;
}
