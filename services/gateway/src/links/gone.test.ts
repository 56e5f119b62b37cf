import { LinkStatus } from '@ferry/contracts/link/v1';
import { describe, expect, it } from 'vitest';
import { goneReasonOf, goneText } from './gone.js';
import { fromResolve, type CachedLink } from './link-cache.js';

const link = (status: LinkStatus, expiresAt = new Date(Date.now() + 60_000)) =>
  fromResolve({
    link: {
      slug: 'Blocked001',
      driveFileId: '1FileId_abcdefghijklmnopqrstuv',
      ownerEmail: 'a@example.com',
      ownerSubdomain: 'a',
      fileName: 'a.pdf',
      sizeBytes: '1',
      expiresAt,
      createdAt: new Date(),
      downloadCount: '0',
      status,
    } as never,
  }) as CachedLink;

describe('why a cached link is gone', () => {
  it('reads a blocked link as unavailable, with a neutral sentence, whatever its expiry', () => {
    const blocked = link(LinkStatus.LINK_STATUS_BLOCKED);
    expect(blocked.blocked).toBe(true);
    expect(goneReasonOf(blocked)).toBe('unavailable');
    expect(goneText('unavailable')).toBe('This link is no longer available.');
    expect(goneText('unavailable')).not.toMatch(/sender|expired/);
  });
  it('keeps live, expired and deleted links as they were', () => {
    expect(goneReasonOf(link(LinkStatus.LINK_STATUS_ACTIVE))).toBeUndefined();
    expect(goneReasonOf(link(LinkStatus.LINK_STATUS_ACTIVE, new Date(Date.now() - 1)))).toBe('expired');
    expect(goneReasonOf(link(LinkStatus.LINK_STATUS_DELETED))).toBe('removed');
    expect(link(LinkStatus.LINK_STATUS_ACTIVE).blocked).toBeUndefined();
  });
});
