/** Leaves Ferry for a payment page (Stripe Checkout or the customer portal); one place, so tests can stand in for it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
