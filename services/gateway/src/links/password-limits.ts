import type { Logger } from 'pino';
import type { createClient } from 'redis';
import { RequestBudget } from '../http/request-budget.js';
import { budgetKey } from './not-found-limiter.js';

/**
 * Password guesses: at most 10 a client (an IPv4 address or IPv6 /64) per link per 10 minutes, and 30
 * per link per hour from everyone together, so a link's password cannot be guessed from many addresses
 * either (a flood can then hold a link's recipients off for the rest of the hour; they may ask the
 * sender). The client's budget is per link: each link has its own password, so guesses at one link
 * say nothing about another, and a recipient who mistyped one link's password is not held off the next.
 * Shared by every gateway through Redis when configured (rate-limiter-flexible, as the not-found budget).
 */
export const PASSWORD_TRIES_PER_CLIENT = 10;
export const PASSWORD_TRIES_PER_LINK = 30;

export class PasswordLimits {
  private readonly client: RequestBudget;
  private readonly link: RequestBudget;

  constructor(shared: { redis?: ReturnType<typeof createClient>; logger?: Logger } = {}) {
    this.client = new RequestBudget({
      keyPrefix: 'ferry:gateway:unlock:client',
      points: PASSWORD_TRIES_PER_CLIENT,
      windowS: 600,
      ...shared,
    });
    this.link = new RequestBudget({
      keyPrefix: 'ferry:gateway:unlock:link',
      points: PASSWORD_TRIES_PER_LINK,
      windowS: 3600,
      ...shared,
    });
  }

  /** Counts one try: 0 when it may go ahead, else the seconds to wait. */
  async admit(clientAddress: string, slug: string): Promise<number> {
    const own = await this.client.take(`${budgetKey(clientAddress)}:${slug}`);
    if (own > 0) return own;
    return this.link.take(slug);
  }
}
