import { LinkStatus, type Link } from '@ferry/contracts/link/v1';
import type { AdminLink } from '@ferry/http-contract';

const STATUS: Partial<Record<LinkStatus, AdminLink['status']>> = {
  [LinkStatus.LINK_STATUS_ACTIVE]: 'active',
  [LinkStatus.LINK_STATUS_EXPIRED]: 'expired',
  [LinkStatus.LINK_STATUS_DELETED]: 'deleted',
  [LinkStatus.LINK_STATUS_BLOCKED]: 'blocked',
};

/** A link as the administrators' screen shows it. `disabled`: disabled one by one (not only by its owner's suspension). */
export function adminLinkView(link: Link, disabled: boolean): AdminLink {
  return {
    slug: link.slug,
    fileName: link.fileName,
    ownerEmail: link.ownerEmail,
    status: STATUS[link.status] ?? 'active',
    disabled,
    expiresAt: (link.expiresAt ?? new Date(0)).toISOString(),
  };
}
