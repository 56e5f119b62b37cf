import type { Logger } from 'pino';
import type { createClient } from 'redis';
import { budgetKey } from '../links/not-found-limiter.js';
import { RequestBudget } from '../http/request-budget.js';

export interface FeedbackLimitSettings {
  /** Messages one client (an IPv4 address or an IPv6 /64) may send per hour. */
  perClientPerHour: number;
  /** Messages everyone together may send per hour (the team's inbox stays readable under a flood). */
  globalPerHour: number;
}

export const DEFAULT_FEEDBACK_LIMITS: FeedbackLimitSettings = { perClientPerHour: 5, globalPerHour: 200 };

/** Where a refused message stopped: the client's own budget or everyone's. */
export type FeedbackRefusal = { limit: 'client' | 'global'; retryAfterS: number };

/** The feedback button's abuse limits: per client first, then the global budget. */
export class FeedbackLimits {
  private readonly client: RequestBudget;
  private readonly global: RequestBudget;

  constructor(
    settings: FeedbackLimitSettings = DEFAULT_FEEDBACK_LIMITS,
    shared: { redis?: ReturnType<typeof createClient>; logger?: Logger } = {},
  ) {
    this.client = new RequestBudget({
      keyPrefix: 'ferry:gateway:feedback:client',
      points: settings.perClientPerHour,
      windowS: 3600,
      ...shared,
    });
    this.global = new RequestBudget({
      keyPrefix: 'ferry:gateway:feedback:global',
      points: settings.globalPerHour,
      windowS: 3600,
      ...shared,
    });
  }

  /** Counts one message from the client; undefined when it may be sent. */
  async admit(clientAddress: string): Promise<FeedbackRefusal | undefined> {
    const own = await this.client.take(budgetKey(clientAddress));
    if (own > 0) return { limit: 'client', retryAfterS: own };
    const all = await this.global.take('all');
    return all > 0 ? { limit: 'global', retryAfterS: all } : undefined;
  }
}
