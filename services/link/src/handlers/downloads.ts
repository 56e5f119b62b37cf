import * as grpc from '@grpc/grpc-js';
import type { DownloadCount, LinkServiceServer, RecordDownloadsRequest } from '@ferry/contracts/link/v1';
import { clientStreaming, grpcError, unary } from '@ferry/service-kit';
import { classifyCode, isSlug as isValidShortId } from '@ferry/rules';
import type { PrismaClient } from '../db.js';
import type { HandlerDeps } from './deps.js';
import { bucketStart } from '../stats/buckets.js';

const BATCH_ID = /^[A-Za-z0-9._:-]{1,200}$/;
/** More than this in one entry is not a plausible batch of downloads. */
const MAX_COUNT = 10_000_000n;

interface Applied {
  recorded: bigint;
  duplicate: boolean;
  firstDownloads: number;
}

/** Most files a transfer has (drive/verify-file.ts MAX_TRANSFER_FILES); a larger index is not a file. */
const MAX_FILE_INDEX = 1000;

interface ParsedCounts {
  /** Downloads per link: of the link itself and of its files together. */
  links: Map<string, bigint>;
  /** Downloads per file of a transfer, keyed `{slug}/{index}`. */
  files: Map<string, bigint>;
}

function parseCounts(counts: DownloadCount[]): ParsedCounts {
  const links = new Map<string, bigint>();
  const files = new Map<string, bigint>();
  for (const c of counts) {
    if (!isValidShortId(c.slug) || !/^\d{1,12}$/.test(c.count))
      throw grpcError(grpc.status.INVALID_ARGUMENT, 'each count needs a valid slug and a positive count');
    const n = BigInt(c.count);
    if (n <= 0n || n > MAX_COUNT) throw grpcError(grpc.status.INVALID_ARGUMENT, 'count out of range');
    const index = c.fileIndex ?? 0;
    if (!Number.isInteger(index) || index < 0 || index > MAX_FILE_INDEX)
      throw grpcError(grpc.status.INVALID_ARGUMENT, `file_index must be 0 to ${MAX_FILE_INDEX}`);
    links.set(c.slug, (links.get(c.slug) ?? 0n) + n);
    if (index > 0) files.set(`${c.slug}/${index}`, (files.get(`${c.slug}/${index}`) ?? 0n) + n);
  }
  return { links, files };
}

/** Adds downloads to files of transfers (`{slug}/{index}` → n); an index the link does not have is ignored. */
export async function countFiles(tx: Tx, files: Map<string, bigint>): Promise<void> {
  if (files.size === 0) return;
  const slugs: string[] = [];
  const indexes: number[] = [];
  const increments: string[] = [];
  for (const [key, n] of files) {
    const cut = key.lastIndexOf('/');
    slugs.push(key.slice(0, cut));
    indexes.push(Number(key.slice(cut + 1)));
    increments.push(n.toString());
  }
  await tx.$executeRaw`
    UPDATE link_files AS f SET download_count = f.download_count + v.n
    FROM (SELECT unnest(${slugs}::text[]) AS slug, unnest(${indexes}::int[]) AS idx, unnest(${increments}::bigint[]) AS n) AS v
    JOIN links AS l ON l.slug = v.slug
    WHERE f.link_id = l.id AND f.index = v.idx`;
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * The first download of each of these links: `notified_at` is set and the outbox row written in one
 * statement; `notified_at IS NULL` makes concurrent callers race safely (only one gets the row).
 */
export async function markFirstDownloads(tx: Tx, linkIds: string[], at: Date): Promise<number> {
  return tx.$executeRaw`
    WITH marked AS (
      UPDATE links SET notified_at = ${at}
      WHERE id = ANY(${linkIds}::uuid[]) AND notified_at IS NULL
      RETURNING id, slug, owner_sub, owner_email, owner_subdomain, file_name, size_bytes, expires_at
    )
    INSERT INTO first_download_outbox (id, link_id, idempotency_key, payload)
    SELECT gen_random_uuid(), m.id, 'first-download/' || m.id::text,
      jsonb_build_object('slug', m.slug, 'ownerSub', m.owner_sub, 'ownerEmail', m.owner_email, 'ownerSubdomain', m.owner_subdomain, 'fileName', m.file_name,
        'sizeBytes', m.size_bytes::text, 'expiresAt', to_char(m.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'downloadedAt', ${at.toISOString()}::text)
    FROM marked AS m`;
}

/**
 * One batch in one transaction: the batch id row (a retried batch finds it and counts nothing),
 * every link's count in one UPDATE (no per-download row writes), and for links downloaded for the
 * first time the notified mark plus the outbox row. `notified_at IS NULL` in the UPDATE makes
 * concurrent batches race safely: only one of them gets the row back.
 */
async function applyBatch(prisma: PrismaClient, batchId: string, parsed: ParsedCounts, at: Date): Promise<Applied> {
  const counts = parsed.links;
  return prisma.$transaction(async (tx) => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0n);
    const inserted = await tx.downloadBatch.createMany({ data: [{ batchId, downloads: total }], skipDuplicates: true });
    if (inserted.count === 0) return { recorded: 0n, duplicate: true, firstDownloads: 0 };
    if (counts.size === 0) return { recorded: 0n, duplicate: false, firstDownloads: 0 };
    const slugs = [...counts.keys()];
    const increments = slugs.map((s) => counts.get(s)!.toString());
    // Only the links counted for the first time come back (not one row per link of the batch).
    const [applied] = await tx.$queryRaw<Array<{ recorded: string; fresh: string[] }>>`
      WITH v AS (SELECT unnest(${slugs}::text[]) AS slug, unnest(${increments}::bigint[]) AS n),
      updated AS (
        UPDATE links AS l SET download_count = l.download_count + v.n,
          first_downloaded_at = coalesce(l.first_downloaded_at, ${at}), last_downloaded_at = ${at}
        FROM v
        WHERE l.slug = v.slug
        RETURNING l.id, l.notified_at, v.n
      ),
      bucketed AS (
        INSERT INTO link_download_buckets AS b (link_id, bucket_start, downloads)
        SELECT id, ${bucketStart(at)}, n FROM updated
        ON CONFLICT (link_id, bucket_start) DO UPDATE SET downloads = b.downloads + excluded.downloads
      )
      SELECT coalesce(sum(n), 0)::text AS recorded,
        coalesce(array_agg(id::text) FILTER (WHERE notified_at IS NULL), '{}') AS fresh
      FROM updated`;
    await countFiles(tx, parsed.files);
    const recorded = BigInt(applied?.recorded ?? '0');
    const fresh = applied?.fresh ?? [];
    let firstDownloads = 0;
    if (fresh.length > 0) {
      // Set-based: a batch touching thousands of new links is still two statements.
      firstDownloads = await markFirstDownloads(tx, fresh, at);
    }
    return { recorded, duplicate: false, firstDownloads };
  });
}

/** Download counting and the download page's telemetry. */
export function downloadHandlers(
  deps: HandlerDeps,
): Pick<LinkServiceServer, 'getDownloadCount' | 'recordDownloads' | 'recordTelemetry'> {
  const { prisma, logger, now } = deps;
  return {
    getDownloadCount: unary(logger, async (req) => {
      if (classifyCode(req.slug) === 'invalid') throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a valid slug');
      const row = await prisma.link.findUnique({ where: { slug: req.slug }, select: { downloadCount: true } });
      if (!row) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
      return { count: row.downloadCount.toString() };
    }),

    recordDownloads: clientStreaming(
      logger,
      async (call: grpc.ServerReadableStream<RecordDownloadsRequest, unknown>) => {
        const batches: RecordDownloadsRequest[] = [];
        for await (const batch of call as AsyncIterable<RecordDownloadsRequest>) batches.push(batch);
        let recorded = 0n;
        let duplicates = 0;
        let firstDownloads = 0;
        for (const batch of batches) {
          if (!BATCH_ID.test(batch.batchId))
            throw grpcError(grpc.status.INVALID_ARGUMENT, 'batch_id is required ([A-Za-z0-9._:-], at most 200)');
          const applied = await applyBatch(prisma, batch.batchId, parseCounts(batch.counts), now());
          recorded += applied.recorded;
          if (applied.duplicate) duplicates++;
          firstDownloads += applied.firstDownloads;
        }
        if (firstDownloads > 0) deps.onFirstDownload();
        return { recorded: recorded.toString(), duplicateBatches: String(duplicates) };
      },
    ),

    recordTelemetry: unary(logger, async (req) => {
      if (!isValidShortId(req.slug)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a valid slug');
      logger.debug({ slug: req.slug, clientTime: req.clientTime?.toISOString() }, 'download page beacon');
      return {};
    }),
  };
}
