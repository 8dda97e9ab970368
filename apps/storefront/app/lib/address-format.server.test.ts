import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from '../components/card-format';
import { addressFormat, addressFormProblems, destinationsFrom } from './address.server';
import { readAddress, readPayment } from './checkout-input.server';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const parts = async (country: string) =>
  (await addressFormat(country)).parts.map((part) => `${part.label}${part.required ? '*' : ''}`);

describe('address forms by country (Google’s address data)', () => {
  it('names, orders and requires each country’s parts as it does', async () => {
    expect(await parts('US')).toEqual([
      'Street address*',
      'Apartment, suite, unit',
      'City*',
      'State*',
      'ZIP code*',
    ]);
    expect(await parts('CA')).toEqual([
      'Street address*',
      'Apartment, suite, unit',
      'City*',
      'Province*',
      'Postal code*',
    ]);
    // No region at all in a British address; the town comes before the postcode.
    expect(await parts('GB')).toEqual([
      'Street address*',
      'Apartment, suite, unit',
      'Town or city*',
      'Postal code*',
    ]);
    // Germans write the postal code before the city.
    expect(await parts('DE')).toEqual(['Street address*', 'Apartment, suite, unit', 'Postal code*', 'City*']);
    // Japan: postal code, prefecture, then the street (its city is part of the street lines).
    expect(await parts('JP')).toEqual([
      'Postal code*',
      'Prefecture*',
      'Street address*',
      'Apartment, suite, unit',
    ]);
    expect(await parts('IE')).toContain('Eircode');
    expect(await parts('IN')).toContain('PIN code*');
  });

  it('lists the regions of countries that have them, by the codes the API takes', async () => {
    const us = await addressFormat('US');
    expect(us.regions).toContainEqual(['NY', 'New York']);
    expect((await addressFormat('CA')).regions).toContainEqual(['QC', 'Quebec']);
    expect((await addressFormat('DE')).regions).toBeUndefined();
  });

  it('names each missing or wrong part with the label the form shows', async () => {
    expect(addressFormProblems(await addressFormat('US'), { country: 'US', postalCode: '1000' })).toEqual({
      addressLine: 'Enter the street address.',
      city: 'Enter the city.',
      subdivision: 'Choose the state.',
      postalCode: '“1000” is not a ZIP code in United States. Check it: a ZIP code there looks like 95014.',
    });
    expect(
      addressFormProblems(await addressFormat('CA'), {
        country: 'CA',
        addressLine: '1 Rue',
        city: 'Montréal',
        subdivision: 'Narnia',
        postalCode: 'H3Z 2Y7',
      }),
    ).toEqual({ subdivision: '“Narnia” is not a province of Canada. Choose one from the list.' });
    // No region in Germany: none is asked for.
    expect(
      addressFormProblems(await addressFormat('DE'), {
        country: 'DE',
        addressLine: 'Hauptstr. 1',
        city: 'Berlin',
        postalCode: '10115',
      }),
    ).toEqual({});
  });

  it('reads a submitted address by its country’s rules and refuses a country the store does not serve', async () => {
    const errors: Record<string, string> = {};
    const { address } = await readAddress(
      form({
        'shipping.firstName': 'Ada',
        'shipping.lastName': 'L',
        'shipping.country': 'US',
        'shipping.addressLine': '1 Main St',
        'shipping.city': 'New York',
        'shipping.subdivision': 'NY',
        'shipping.postalCode': '10001',
      }),
      'shipping',
      errors,
      ['US'],
    );
    expect(errors).toEqual({});
    expect(address.subdivision).toBe('US-NY');
    const refused: Record<string, string> = {};
    await readAddress(form({ 'shipping.country': 'GB' }), 'shipping', refused, ['US']);
    expect(refused['shipping.country']).toBe(
      'We do not deliver to United Kingdom. Choose one of the countries in the list.',
    );
  });

  it('serves exactly the countries of the shipping regions and pickup locations, by name', async () => {
    const served = await destinationsFrom({ delivery: ['US', 'FI', 'PT'], pickup: ['GB', 'US'] });
    expect(served.countries).toEqual([
      { code: 'FI', name: 'Finland', pickupOnly: false },
      { code: 'PT', name: 'Portugal', pickupOnly: false },
      { code: 'GB', name: 'United Kingdom', pickupOnly: true },
      { code: 'US', name: 'United States', pickupOnly: false },
    ]);
    expect(Object.keys(served.formats).sort()).toEqual(['FI', 'GB', 'PT', 'US']);
    expect(served.defaultCountry).toBe('US');
    expect(served.pickup).toBe(true);
    const everywhere = await destinationsFrom({ delivery: '*', pickup: [] });
    expect(everywhere.countries.length).toBeGreaterThan(200);
  });

  it('lists every country, the undelivered ones as pickup only, when a pickup is offered to everyone', async () => {
    const served = await destinationsFrom({ delivery: ['US'], pickup: '*' });
    expect(served.countries.length).toBeGreaterThan(200);
    expect(served.countries.find((country) => country.code === 'US')?.pickupOnly).toBe(false);
    expect(served.countries.find((country) => country.code === 'CH')?.pickupOnly).toBe(true);
    expect(served.defaultCountry).toBe('US');
    expect(served.pickup).toBe(true);
  });
});

describe('card details as typed', () => {
  it('groups the number and the expiry the way the card prints them', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
  });

  it('takes the expiry 1230, 12/30 and 12 / 30 alike', () => {
    for (const cardExpiry of ['1230', '12/30', '12 / 30', '12/2030']) {
      const errors: Record<string, string> = {};
      const card = readPayment(
        form({ cardNumber: '4242 4242 4242 4242', cardExpiry, cardCvc: '123' }),
        errors,
        new Date('2026-03-15T00:00:00Z'),
      );
      expect(errors).toEqual({});
      expect(card).toMatchObject({ card: { expMonth: 12, expYear: 2030 } });
    }
  });
});
