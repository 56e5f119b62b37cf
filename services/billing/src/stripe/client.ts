import Stripe from 'stripe';
import { stripeConnection } from '../config.js';

/** Stripe's SDK, unchanged; STRIPE_API_URL points it at the local stand-in (host, port, protocol). */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...stripeConnection(apiUrl) });
}

export type { Stripe };
