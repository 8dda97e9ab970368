import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from '../components/card-format';
import { detailsSchema } from '../routes/shop/checkout.schema';
import { addressFormat, addressFormProblems, destinationsFrom } from './address.server';
import { readDetails, readPayment } from './checkout-input.server';
import { readForm } from './forms/read-form';

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
    const destinations = await destinationsFrom({ delivery: ['US'], pickup: [] });
    const read = readDetails(
      form({
        email: 'ada@example.com',
        shippable: '1',
        billingSame: 'on',
        'shipping.firstName': 'Ada',
        'shipping.lastName': 'L',
        'shipping.country': 'us',
        'shipping.addressLine': ' 1 Main St ',
        'shipping.city': 'New York',
        'shipping.subdivision': 'NY',
        'shipping.postalCode': '10001',
      }),
      destinations,
    );
    expect(read.errors).toBeUndefined();
    // Trimmed, the country in capitals, the region as ISO 3166-2, the billing address the same.
    expect(read.value?.shipping?.address).toEqual({
      addressLine: '1 Main St',
      city: 'New York',
      postalCode: '10001',
      subdivision: 'US-NY',
      country: 'US',
    });
    expect(read.value?.billing).toEqual(read.value?.shipping);
    const refused = readDetails(
      form({ email: 'ada', shippable: '0', 'billing.country': 'GB', 'billing.postalCode': 'x' }),
      destinations,
    );
    expect(refused.errors?.fields).toEqual({
      email: 'Enter a valid e-mail address, such as name@example.com.',
      'billing.firstName': 'Enter a first name.',
      'billing.lastName': 'Enter a last name.',
      'billing.country': 'We do not deliver to United Kingdom. Choose one of the countries in the list.',
    });
    // What was typed comes back for the page drawn again.
    expect(refused.errors && refused.values).toMatchObject({ 'billing.country': 'GB', email: 'ada' });
  });

  it('checks a US address in the browser with its required parts only, in the same words', async () => {
    const destinations = await destinationsFrom({ delivery: ['US'], pickup: [] });
    const data = form({
      email: 'ada@example.com',
      shippable: '1',
      billingSame: 'on',
      'shipping.firstName': 'Ada',
      'shipping.lastName': 'L',
      'shipping.country': 'US',
      'shipping.addressLine': '1 Main St',
      'shipping.city': 'New York',
      'shipping.postalCode': 'not a zip',
    });
    const browser = readForm(data, (formData) => detailsSchema(formData, { destinations }));
    expect(browser.errors?.fields).toEqual({ 'shipping.subdivision': 'Choose the state.' });
    // The server knows the ZIP codes too.
    expect(readDetails(data, destinations).errors?.fields).toMatchObject({
      'shipping.subdivision': 'Choose the state.',
      'shipping.postalCode': expect.stringMatching(/^“not a zip” is not a ZIP code in United States/),
    });
  });

  it('needs only who collects a pickup order', async () => {
    const destinations = await destinationsFrom({ delivery: ['US'], pickup: ['US'] });
    const read = readDetails(
      form({ email: 'ada@example.com', shippable: '1', receive: 'pickup', 'shipping.firstName': 'Ada' }),
      destinations,
    );
    expect(read.errors?.fields).toEqual({ 'shipping.lastName': 'Enter a last name.' });
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
      const card = readPayment(
        form({ cardNumber: '4242 4242 4242 4242', cardExpiry, cardCvc: '123' }),
        new Date('2026-03-15T00:00:00Z'),
      );
      expect(card.errors).toBeUndefined();
      expect(card.value).toMatchObject({ card: { expMonth: 12, expYear: 2030 } });
    }
  });
});
