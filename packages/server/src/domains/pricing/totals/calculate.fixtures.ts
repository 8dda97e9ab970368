import type { TaxSetup, TotalsInput, TotalsLine } from './totals.types.js';

/* Lines, shipping and tax every totals test starts from. */

// A small store, priced by hand below: USD, kilograms.
export const mug: TotalsLine = {
  id: 'li-mug',
  quantity: 2,
  itemType: 'PHYSICAL',
  unitPrice: 1250,
  fullUnitPrice: 1500,
  unitWeight: 0.4,
  productId: 'p-mug',
  collectionIds: ['c-kitchen'],
  availability: { status: 'AVAILABLE' },
};
export const ebook: TotalsLine = {
  id: 'li-ebook',
  quantity: 1,
  itemType: 'DIGITAL',
  unitPrice: 999,
  fullUnitPrice: 999,
  unitWeight: 0,
  productId: 'p-ebook',
  availability: { status: 'AVAILABLE' },
};
/**
 * The two US tax regions the checkout tests price against — New York (state, city and MCTD rates,
 * shipping taxed) and California (state rate, shipping not taxed) — for the totals engine's unit
 * fixtures and for the test store's set-up alike.
 */
export const US_TAX_REGIONS = [
  {
    country: 'US',
    subdivision: 'US-NY',
    taxShipping: true,
    rates: [
      { jurisdiction: 'New York', jurisdictionType: 'STATE' as const, ppm: 40_000 },
      { jurisdiction: 'New York City', jurisdictionType: 'CITY' as const, ppm: 45_000 },
      { jurisdiction: 'MCTD', jurisdictionType: 'SPECIAL' as const, ppm: 3_750 },
    ],
  },
  {
    country: 'US',
    subdivision: 'US-CA',
    taxShipping: false,
    rates: [{ jurisdiction: 'California', jurisdictionType: 'STATE' as const, ppm: 72_500 }],
  },
];

export const manualTax: TaxSetup = {
  calculation: 'MANUAL',
  pricesIncludeTax: false,
  taxableAddressType: 'SHIPPING',
  regions: US_TAX_REGIONS,
};
export const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };
export const CA = { country: 'US', subdivision: 'US-CA', postalCode: '94103' };
export const now = new Date('2026-03-01T12:00:00Z');

export function input(overrides: Partial<TotalsInput> = {}): TotalsInput {
  return {
    currency: 'USD',
    weightUnit: 'KG',
    lines: [mug, ebook],
    shipping: {
      regions: [
        {
          id: 'ny',
          name: 'New York',
          destinations: ['US-NY'],
          rates: [
            {
              code: 'std',
              title: 'Standard',
              kind: 'FLAT',
              amount: 400,
              minDeliveryDays: 1,
              maxDeliveryDays: 2,
            },
          ],
        },
        {
          id: 'us',
          name: 'United States',
          destinations: ['US'],
          rates: [
            {
              code: 'std',
              title: 'Standard',
              kind: 'FLAT',
              amount: 500,
              minDeliveryDays: 3,
              maxDeliveryDays: 5,
            },
            { code: 'express', title: 'Express', kind: 'WEIGHT', amount: 800, perWeightUnit: 200 },
            {
              code: 'saver',
              title: 'Saver (free over $50)',
              kind: 'FREE_OVER',
              amount: 700,
              freeOverSubtotal: 5000,
            },
          ],
        },
      ],
      pickupLocations: [
        {
          code: 'pickup-soho',
          title: 'Pick up in SoHo',
          method: 'STORE_PICKUP',
          address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Spring St' },
          fee: 0,
          offeredTo: [],
        },
      ],
      charges: [],
    },
    tax: manualTax,
    now,
    ...overrides,
  };
}
