import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AccessStatus, BillingApi } from '../api/billing-api';
import { CHECKOUT_POLL } from '../domain/checkout-poll';
import { hasPaidPlan } from '../domain/plan';

/**
 * The return from Stripe Checkout (`/account?checkout=success|cancelled`): `confirming` while the
 * page polls the status until the paid plan shows, then `confirmed`; `slow` when that takes longer
 * than the poll allows; `cancelled` for a checkout left without paying. The query is removed once
 * read, so a reload later shows the page as it is.
 */
export type CheckoutReturn = 'none' | 'confirming' | 'confirmed' | 'slow' | 'cancelled';

export function useCheckoutReturn(api: BillingApi | null, onStatus: (status: AccessStatus) => void): CheckoutReturn {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => params.get('checkout'));
  const [phase, setPhase] = useState<CheckoutReturn>(() =>
    initial === 'success' ? 'confirming' : initial === 'cancelled' ? 'cancelled' : 'none',
  );
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;

  useEffect(() => {
    if (!initial) return;
    setParams(
      (p) => {
        p.delete('checkout');
        return p;
      },
      { replace: true },
    );
  }, [initial, setParams]);

  useEffect(() => {
    if (initial !== 'success' || !api) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + CHECKOUT_POLL.timeoutMs;
    const poll = async () => {
      try {
        const r = await api.status();
        if (stopped) return;
        if (r.kind === 'loaded' && hasPaidPlan(r.status)) {
          onStatusRef.current(r.status);
          setPhase('confirmed');
          return;
        }
      } catch (err) {
        console.warn('account: status poll failed', err instanceof Error ? err.message : err);
      }
      if (stopped) return;
      if (Date.now() >= deadline) setPhase('slow');
      else timer = setTimeout(() => void poll(), CHECKOUT_POLL.intervalMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [initial, api]);

  return phase;
}
