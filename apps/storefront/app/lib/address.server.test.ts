import { describe, expect, it } from 'vitest';
import { addressLines, addressProblems, regionCode } from './address.server';
import { readPayment } from './checkout-input.server';

describe('addresses by country', () => {
  it('prints each country its own way, with the second line under the first', () => {
    expect(
      addressLines(
        {
          country: 'DE',
          city: 'Berlin',
          postalCode: '10115',
          addressLine: 'Hauptstr. 1',
          addressLine2: 'Hof',
        },
        { firstName: 'Ada', lastName: 'L' },
      ),
    ).toEqual(['Ada L', 'Hauptstr. 1', 'Hof', '10115 Berlin', 'Germany']);
    expect(
      addressLines({ country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }),
    ).toEqual(['New York, NY 10001', 'United States of America']);
    expect(addressLines(undefined)).toEqual([]);
  });

  it('names a postal code or region that is not the country’s, and accepts names and codes', () => {
    expect(addressProblems({ country: 'US', postalCode: '10001', subdivision: 'new york' })).toEqual({});
    expect(addressProblems({ country: 'US', postalCode: '10001', subdivision: 'US-NY' })).toEqual({});
    expect(addressProblems({ country: 'CA', postalCode: '10001', subdivision: 'Narnia' })).toEqual({
      postalCode: '“10001” is not a postal code in Canada. Check it and try again.',
      subdivision: expect.stringMatching(/^“Narnia” is not a state or region of Canada/),
    });
    expect(regionCode('US', 'Massachusetts')).toBe('US-MA');
    expect(regionCode('US', 'us-ma')).toBe('US-MA');
    expect(regionCode('DE', 'Baden-Wurttemberg')).toBe('DE-BW');
    // Partial addresses are the required-field checks' business, not these.
    expect(addressProblems({ country: 'US' })).toEqual({});
  });
});

describe('card details', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const now = new Date('2026-03-15T00:00:00Z');

  it('names every wrong card field at once', () => {
    const card = readPayment(
      form({ cardNumber: '4242 4242 4242 4241', cardExpiry: '02/26', cardCvc: '1' }),
      now,
    );
    expect(card.value).toBeUndefined();
    expect(Object.keys(card.errors?.fields ?? {}).sort()).toEqual(['cardCvc', 'cardExpiry', 'cardNumber']);
    expect(card.errors?.fields.cardExpiry).toBe('This card has expired. Use another card.');
    // Card details are never sent back to the page.
    expect(card.errors && card.values).toEqual({});
  });

  it('takes a good card through the end of its expiry month', () => {
    const card = readPayment(
      form({ cardNumber: '4242 4242 4242 4242', cardExpiry: '03/26', cardCvc: '123' }),
      now,
    );
    expect(card.errors).toBeUndefined();
    expect(card.value).toEqual({
      type: 'SANDBOX_CARD',
      card: { number: '4242424242424242', expMonth: 3, expYear: 2026, cvc: '123' },
    });
  });
});
