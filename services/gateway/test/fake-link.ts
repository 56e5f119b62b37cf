import * as grpc from '@grpc/grpc-js';
import {
  LinkServiceService,
  LinkStatus,
  type Link,
  type LinkServiceServer,
  type RecordDownloadsRequest,
  type WatchInvalidationsResponse,
} from '@ferry/contracts/link/v1';
import { verifiedUser } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { linkPolicies } from './backend-policies.js';

export interface FakeLinkRow {
  slug: string;
  driveFileId: string;
  ownerSub: string;
  ownerEmail: string;
  sizeBytes: number;
  expiresAt: Date;
  deleted?: boolean;
  count: number;
  /** A transfer: its files (drive id, size, per-file count), file n at n - 1. */
  files?: Array<{ driveFileId: string; sizeBytes: number; count: number }>;
}

const fail = (code: grpc.status, details: string): grpc.ServiceError =>
  Object.assign(new Error(details), { code, details, metadata: new grpc.Metadata() });

/**
 * An in-memory link service with the real contract: idempotent batch ids, owner checks,
 * WatchInvalidations. `loseNextAck` applies a batch but answers UNAVAILABLE (a crash after commit).
 */
export async function startFakeLink(): Promise<{
  port: number;
  rows: Map<string, FakeLinkRow>;
  batches: Set<string>;
  resolveCalls: { n: number };
  loseNextAck: { n: number };
  publish(slug: string): void;
  stop(): Promise<void>;
}> {
  const rows = new Map<string, FakeLinkRow>();
  const batches = new Set<string>();
  const watchers = new Set<grpc.ServerWritableStream<unknown, WatchInvalidationsResponse>>();
  const resolveCalls = { n: 0 };
  const loseNextAck = { n: 0 };
  const status = (r: FakeLinkRow) =>
    r.deleted
      ? LinkStatus.LINK_STATUS_DELETED
      : Date.now() < r.expiresAt.getTime()
        ? LinkStatus.LINK_STATUS_ACTIVE
        : LinkStatus.LINK_STATUS_EXPIRED;
  const message = (r: FakeLinkRow): Link => ({
    slug: r.slug,
    driveFileId: r.driveFileId,
    ownerEmail: r.ownerEmail,
    ownerSubdomain: r.ownerEmail.split('@')[0]!,
    fileName: 'file.bin',
    sizeBytes: String(r.sizeBytes),
    expiresAt: r.expiresAt,
    createdAt: new Date(),
    deletedAt: r.deleted ? new Date() : undefined,
    downloadCount: String(r.count),
    status: status(r),
    transfer: transferOf(r),
  });
  const transferOf = (r: FakeLinkRow) =>
    r.files
      ? {
          fileCount: r.files.length,
          files: r.files.map((f, n) => ({
            index: n + 1,
            driveFileId: f.driveFileId,
            name: `file-${n + 1}.bin`,
            sizeBytes: String(f.sizeBytes),
            mimeType: 'application/octet-stream',
            downloadCount: String(f.count),
          })),
        }
      : undefined;
  let seq = 0;
  const publish = (slug: string) => {
    seq++;
    for (const w of watchers) w.write({ slug, seq: String(seq), epoch: 'fake', reset: false });
  };
  const owned = (slug: string, sub: string | undefined) => {
    const r = rows.get(slug);
    if (!r || r.ownerSub !== sub) throw fail(grpc.status.NOT_FOUND, 'link not found');
    return r;
  };
  const wrap =
    <Req, Res>(fn: (req: Req, call: grpc.ServerUnaryCall<Req, Res>) => Res) =>
    (call: grpc.ServerUnaryCall<Req, Res>, cb: grpc.sendUnaryData<Res>) => {
      try {
        cb(null, fn(call.request, call));
      } catch (err) {
        cb(err as grpc.ServiceError);
      }
    };

  const impl: Partial<LinkServiceServer> = {
    resolveLink: wrap((req) => {
      resolveCalls.n++;
      const r = rows.get(req.slug);
      if (!r) throw fail(grpc.status.NOT_FOUND, 'link not found');
      return { link: message(r) };
    }),
    resolveLinks: wrap((req) => {
      resolveCalls.n++;
      return {
        results: req.codes.map((code) => ({ code, link: rows.has(code) ? message(rows.get(code)!) : undefined })),
      };
    }),
    getShareInfo: wrap((req) => {
      const r = rows.get(req.slug);
      if (!r) throw fail(grpc.status.NOT_FOUND, 'link not found');
      return {
        fileName: 'file.bin',
        sizeBytes: String(r.sizeBytes),
        expiresAt: r.expiresAt,
        driveFileId: r.driveFileId,
        senderEmail: r.ownerEmail,
        ownerEmail: r.ownerEmail,
        ownerSubdomain: r.ownerEmail.split('@')[0]!,
        unverifiable: false,
        status: status(r),
        transfer: transferOf(r),
      };
    }),
    getLinkStats: wrap((req, call) => {
      const r = owned(req.slug, verifiedUser(call).sub);
      return { total: String(r.count), days: [], transfer: transferOf(r) };
    }),
    getDownloadCount: wrap((req) => {
      const r = rows.get(req.slug);
      if (!r) throw fail(grpc.status.NOT_FOUND, 'link not found');
      return { count: String(r.count) };
    }),
    recordDownloads: (
      call: grpc.ServerReadableStream<RecordDownloadsRequest, unknown>,
      cb: grpc.sendUnaryData<{ recorded: string; duplicateBatches: string }>,
    ) => {
      const got: RecordDownloadsRequest[] = [];
      call.on('data', (b: RecordDownloadsRequest) => got.push(b));
      call.on('end', () => {
        let recorded = 0;
        let dup = 0;
        for (const b of got) {
          if (batches.has(b.batchId)) {
            dup++;
            continue;
          }
          batches.add(b.batchId);
          for (const c of b.counts) {
            const r = rows.get(c.slug);
            if (r) {
              r.count += Number(c.count);
              recorded += Number(c.count);
              const file = c.fileIndex ? r.files?.[c.fileIndex - 1] : undefined;
              if (file) file.count += Number(c.count);
            }
          }
        }
        if (loseNextAck.n > 0) {
          loseNextAck.n--;
          cb(fail(grpc.status.UNAVAILABLE, 'connection reset'));
          return;
        }
        cb(null, { recorded: String(recorded), duplicateBatches: String(dup) });
      });
    },
    watchInvalidations: (call: grpc.ServerWritableStream<unknown, WatchInvalidationsResponse>) => {
      watchers.add(call);
      call.write({ slug: '', seq: String(seq), epoch: 'fake', reset: true });
      call.on('cancelled', () => watchers.delete(call));
    },
    updateExpiry: wrap((req, call) => {
      const r = owned(req.slug, verifiedUser(call).sub);
      r.expiresAt = new Date(Math.min(req.expiresAt?.getTime() ?? Infinity, r.expiresAt.getTime() + 86_400_000));
      publish(r.slug);
      return { link: message(r) };
    }),
    deleteLink: wrap((req, call) => {
      const r = owned(req.slug, verifiedUser(call).sub);
      r.deleted = true;
      publish(r.slug);
      return {};
    }),
    invalidateLink: wrap((req, call) => {
      owned(req.slug, verifiedUser(call).sub);
      publish(req.slug);
      return {};
    }),
    shorten: wrap((req, call) => {
      if (!req.driveFileId.startsWith('1')) throw fail(grpc.status.NOT_FOUND, 'file not found in your drive');
      const slug = `S${req.driveFileId.slice(1, 11)}`;
      rows.set(slug, {
        slug,
        driveFileId: req.driveFileId,
        ownerSub: verifiedUser(call).sub,
        ownerEmail: verifiedUser(call).email,
        sizeBytes: 3,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
        count: 0,
        ...(req.transfer
          ? { files: req.transfer.driveFileIds.map((driveFileId) => ({ driveFileId, sizeBytes: 3, count: 0 })) }
          : {}),
      });
      return { link: message(rows.get(slug)!), shortId: slug, ownerSubdomain: verifiedUser(call).email.split('@')[0]! };
    }),
  };
  const { server, port } = await startTestGrpcServer(LinkServiceService, impl as LinkServiceServer, linkPolicies);
  return {
    port,
    rows,
    batches,
    resolveCalls,
    loseNextAck,
    publish,
    stop: async () => {
      for (const w of watchers) w.end();
      server.forceShutdown();
    },
  };
}
