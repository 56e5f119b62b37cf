import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufBin, protoDir } from './generate.global-setup.js';
import { LinkServiceService, Link, LinkStatus, RecordDownloadsRequest } from '../src/gen/ferry/link/v1/link.js';
import { NotificationServiceService } from '../src/gen/ferry/notification/v1/notification.js';
import {
  BillingServiceService,
  GetAccessStatusResponse,
  Phase,
  Plan,
  State,
} from '../src/gen/ferry/billing/v1/billing.js';
import { HealthService } from '../src/gen/grpc/health/v1/health.js';

function run(cmd: string, args: string[]) {
  return spawnSync(cmd, args, { cwd: protoDir, encoding: 'utf8' });
}

describe('buf', () => {
  it('lint passes', () => {
    const r = run(bufBin, ['lint']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('breaking passes against main', () => {
    const r = run(process.execPath, [path.join(protoDir, 'scripts', 'breaking.mjs')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('generated code', () => {
  it('round-trips a link with dates and 64-bit sizes', () => {
    const link: Link = {
      slug: 'AbCdEfGh_1-',
      driveFileId: 'file-1',
      ownerEmail: 'ann@example.com',
      ownerSubdomain: 'ann',
      fileName: 'report.pdf',
      sizeBytes: '10995116277760', // 10 TiB: above 2^32, kept exact as a string
      expiresAt: new Date('2026-12-01T10:00:00.000Z'),
      createdAt: new Date('2026-11-24T10:00:00.000Z'),
      downloadCount: '3',
      status: LinkStatus.LINK_STATUS_ACTIVE,
    };
    const decoded = Link.decode(Link.encode(link).finish());
    expect(decoded).toEqual(link);
    expect(decoded.deletedAt).toBeUndefined();
  });

  it('round-trips a download batch', () => {
    const batch = { batchId: 'gw-1/42', counts: [{ slug: 'AbCdEfGh', count: '7' }] };
    expect(RecordDownloadsRequest.decode(RecordDownloadsRequest.encode(batch).finish())).toEqual(batch);
  });

  it('round-trips an access status', () => {
    const msg = {
      status: {
        phase: Phase.PHASE_TRIAL,
        plan: Plan.PLAN_YEARLY,
        remainingDays: 30,
        totalDays: 90,
        paidUntil: new Date('2027-02-22T00:00:00.000Z'),
        state: State.STATE_SCHEDULED,
        startsAt: new Date('2027-02-22T00:00:00.000Z'),
      },
    };
    expect(GetAccessStatusResponse.decode(GetAccessStatusResponse.encode(msg).finish())).toEqual(msg);
  });

  it('exposes grpc-js service definitions with full paths', () => {
    expect(LinkServiceService.resolveLink.path).toBe('/ferry.link.v1.LinkService/ResolveLink');
    expect(LinkServiceService.recordDownloads.requestStream).toBe(true);
    expect(LinkServiceService.recordDownloads.responseStream).toBe(false);
    expect(NotificationServiceService.recordFirstDownload.path).toBe(
      '/ferry.notification.v1.NotificationService/RecordFirstDownload',
    );
    expect(BillingServiceService.getAccessStatus.path).toBe('/ferry.billing.v1.BillingService/GetAccessStatus');
    expect(BillingServiceService.createCheckoutSession.path).toBe(
      '/ferry.billing.v1.BillingService/CreateCheckoutSession',
    );
    expect(NotificationServiceService.sendAccountNotice.path).toBe(
      '/ferry.notification.v1.NotificationService/SendAccountNotice',
    );
    expect(HealthService.check.path).toBe('/grpc.health.v1.Health/Check');
  });
});
