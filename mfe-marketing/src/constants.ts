/** Spec §1 and §9. */
export const PRICE_EUR = { monthly: 2, yearly: 10 } as const;
export const PRIVACY_UPDATED = '2025-08-07';
export const TERMS_UPDATED = '2025-08-10';
