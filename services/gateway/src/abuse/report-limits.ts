import type { Logger } from 'pino';
import type { createClient } from 'redis';
import { budgetKey } from '../links/not-found-limiter.js';
import { RequestBudget } from '../http/request-budget.js';

export interface ReportLimitSettings {
  /** Reports one client (an IPv4 address or an IPv6 /64) may send per hour. */
  perClientPerHour: number;
  /** Reports of one link per hour, from everyone (a link under a campaign still leaves the inbox readable). */
  perLinkPerHour: number;
  /** Reports everyone together may send per hour. */
  globalPerHour: number;
}

export const DEFAULT_REPORT_LIMITS: ReportLimitSettings = {
  perClientPerHour: 5,
  perLinkPerHour: 20,
  globalPerHour: 300,
};

/** Where a refused report stopped: the client's own budget, the link's, or everyone's. */
export type ReportRefusal = { limit: 'client' | 'link' | 'global'; retryAfterS: number };

/** "Report this file"'s abuse limits (the feedback button's limiter, shared through Redis when configured). */
export class ReportLimits {
  private readonly client: RequestBudget;
  private readonly link: RequestBudget;
  private readonly global: RequestBudget;

  constructor(
    settings: ReportLimitSettings = DEFAULT_REPORT_LIMITS,
    shared: { redis?: ReturnType<typeof createClient>; logger?: Logger } = {},
  ) {
    const budget = (name: string, points: number) =>
      new RequestBudget({ keyPrefix: `ferry:gateway:report:${name}`, points, windowS: 3600, ...shared });
    this.client = budget('client', settings.perClientPerHour);
    this.link = budget('link', settings.perLinkPerHour);
    this.global = budget('global', settings.globalPerHour);
  }

  /** Counts one report of `slug` from the client; undefined when it may be sent. */
  async admit(clientAddress: string, slug: string): Promise<ReportRefusal | undefined> {
    const own = await this.client.take(budgetKey(clientAddress));
    if (own > 0) return { limit: 'client', retryAfterS: own };
    const link = await this.link.take(slug);
    if (link > 0) return { limit: 'link', retryAfterS: link };
    const all = await this.global.take('all');
    return all > 0 ? { limit: 'global', retryAfterS: all } : undefined;
  }
}
