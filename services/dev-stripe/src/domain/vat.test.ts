import { describe, expect, it } from 'vitest';
import { euVatCountry, inclusiveVat } from './vat.js';

describe('inclusive VAT', () => {
  it('takes the German standard rate out of a 2 EUR price', () => {
    expect(inclusiveVat(200, 'DE', null)).toEqual({
      amount: 32,
      taxableAmount: 168,
      rate: 19,
      reason: 'standard_rated',
      country: 'DE',
    });
  });

  it('charges German VAT to a German business (no reverse charge in the seller country)', () => {
    expect(inclusiveVat(1000, 'DE', 'DE123456789').amount).toBe(160);
  });

  it('reverse-charges a business with a VAT number of another EU country', () => {
    const out = inclusiveVat(1000, 'FR', 'FR12345678901');
    expect(out).toMatchObject({ amount: 0, rate: 0, reason: 'reverse_charge', taxableAmount: 1000 });
  });

  it('collects nothing outside the EU', () => {
    expect(inclusiveVat(1000, 'US', null).reason).toBe('not_collecting');
  });

  it('knows an EU VAT number by its prefix, Greece as EL', () => {
    expect(euVatCountry('EL 123456789')).toBe('GR');
    expect(euVatCountry('XX123456789')).toBeNull();
    expect(euVatCountry('DE12')).toBeNull();
  });
});
