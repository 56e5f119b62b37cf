import type { Logger } from 'pino';
import type { createClient } from 'redis';
import { RequestBudget } from '../http/request-budget.js';
import { budgetKey } from './not-found-limiter.js';

/**
 * Password guesses are limited per client (an IPv4 address or IPv6 /64): 10 tries per link per 10
 * minutes. A client's budget is per link: each link has its own password, so guesses at one link say
 * nothing about another, and a recipient who mistyped one link's password is not held off the next.
 *
 * Against guessing from many addresses, a link also has a ceiling of wrong passwords from everyone
 * together (300 an hour). Reaching it never locks the link's recipients out: a client's first try in
 * its window still goes ahead, so a recipient who has the password gets in however large the flood;
 * only clients that already tried are held until the hour ends. A guesser then gets one try per
 * address per 10 minutes. Right passwords do not count against the ceiling.
 * Shared by every gateway through Redis when configured (rate-limiter-flexible, as the not-found budget).
 */
export const PASSWORD_TRIES_PER_CLIENT = 10;
export const WRONG_PASSWORDS_PER_LINK = 300;

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
      keyPrefix: 'ferry:gateway:unlock:wrong',
      points: WRONG_PASSWORDS_PER_LINK,
      windowS: 3600,
      ...shared,
    });
  }

  /** Counts one try: 0 when it may go ahead, else the seconds to wait. */
  async admit(clientAddress: string, slug: string): Promise<number> {
    const key = `${budgetKey(clientAddress)}:${slug}`;
    const own = await this.client.take(key);
    if (own > 0) return own;
    const flood = await this.link.used(slug);
    if (flood.points < WRONG_PASSWORDS_PER_LINK) return 0;
    return (await this.client.used(key)).points > 1 ? flood.resetS : 0;
  }

  /** A wrong password: counts against the link's ceiling. */
  async wrong(slug: string): Promise<void> {
    await this.link.take(slug);
  }
}
