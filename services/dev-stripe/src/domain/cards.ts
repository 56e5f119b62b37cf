/**
 * Stripe's test cards, as its test mode treats them:
 * - `succeeds`: every charge succeeds (4242 4242 4242 4242, 5555 5555 5555 4444, …);
 * - `declined`: refused at once, nothing is attached (4000 0000 0000 0002 and friends);
 * - `fails_later`: attaches to the customer, then every charge fails (4000 0000 0000 0341).
 */
export type CardBehaviour = 'succeeds' | 'fails_later';

export type CardCheck =
  | { ok: true; behaviour: CardBehaviour; brand: string; last4: string }
  | { ok: false; code: string; declineCode?: string; message: string };

const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
};

const DECLINE_MESSAGE = 'Your card was declined.';

const DECLINED: Record<string, { declineCode: string; message: string }> = {
  '4000000000000002': { declineCode: 'generic_decline', message: DECLINE_MESSAGE },
  '4000000000009995': { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { declineCode: 'lost_card', message: DECLINE_MESSAGE },
  '4000000000000069': { declineCode: 'expired_card', message: 'Your card has expired.' },
};

const FAILS_LATER = '4000000000000341';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What Stripe's test mode does with a card number typed into Checkout or the portal. */
export function checkCard(input: string): CardCheck {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is invalid.' };
  const last4 = digits.slice(-4);
  if (SUCCEEDS[digits]) return { ok: true, behaviour: 'succeeds', brand: SUCCEEDS[digits]!, last4 };
  if (digits === FAILS_LATER) return { ok: true, behaviour: 'fails_later', brand: 'visa', last4 };
  const declined = DECLINED[digits];
  if (declined) return { ok: false, code: 'card_declined', ...declined };
  return {
    ok: false,
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: `${DECLINE_MESSAGE} Your request was in test mode, but used a non test card.`,
  };
}
