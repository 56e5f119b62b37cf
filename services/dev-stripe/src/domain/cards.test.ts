import { describe, expect, it } from 'vitest';
import { checkCard } from './cards.js';

describe("Stripe's test cards", () => {
  it('4242… succeeds, with spaces or without', () => {
    expect(checkCard('4242 4242 4242 4242')).toMatchObject({
      ok: true,
      behaviour: 'succeeds',
      last4: '4242',
      brand: 'visa',
    });
    expect(checkCard('5555555555554444')).toMatchObject({ ok: true, brand: 'mastercard' });
  });

  it('0341 attaches but fails later', () => {
    expect(checkCard('4000 0000 0000 0341')).toMatchObject({ ok: true, behaviour: 'fails_later' });
  });

  it('0002 is declined with Stripe’s message', () => {
    expect(checkCard('4000000000000002')).toEqual({
      ok: false,
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
  });

  it('a number failing the Luhn check is invalid; a real-looking non-test number is declined', () => {
    expect(checkCard('4242424242424241')).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(checkCard('12')).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(checkCard('4111111111111111')).toMatchObject({ ok: false, declineCode: 'test_mode_live_card' });
  });
});
