/** Spec §1 and §9. */
export const PRICE_EUR = { monthly: 2, yearly: 10 } as const;
export const PRIVACY_UPDATED = '2025-08-07';
export const TERMS_UPDATED = '2025-08-10';

/** Spec §2: privacy has 9 sections; terms has 13, shown in the order 1-6, 8-13, then 7. */
export const PRIVACY_SECTION_COUNT = 9;
export const TERMS_SECTION_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7];
