import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTotals } from './calculate.js';
import type { TaxSetup, TotalsInput, TotalsLine } from './types.js';

// A small store, priced by hand below: USD, kilograms.
const mug: TotalsLine = {
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
const ebook: TotalsLine = {
  id: 'li-ebook',
  quantity: 1,
  itemType: 'DIGITAL',
  unitPrice: 999,
  fullUnitPrice: 999,
  unitWeight: 0,
  productId: 'p-ebook',
  availability: { status: 'AVAILABLE' },
};
const manualTax: TaxSetup = {
  calculation: 'MANUAL',
  pricesIncludeTax: false,
  taxableAddressType: 'SHIPPING',
  regions: [
    {
      country: 'US',
      subdivision: 'US-NY',
      taxShipping: true,
      rates: [
        { jurisdiction: 'New York', jurisdictionType: 'STATE', ppm: 40_000 },
        { jurisdiction: 'New York City', jurisdictionType: 'CITY', ppm: 45_000 },
        { jurisdiction: 'MCTD', jurisdictionType: 'SPECIAL', ppm: 3_750 },
      ],
    },
    {
      country: 'US',
      subdivision: 'US-CA',
      taxShipping: false,
      rates: [{ jurisdiction: 'California', jurisdictionType: 'STATE', ppm: 72_500 }],
    },
  ],
};
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };
const CA = { country: 'US', subdivision: 'US-CA', postalCode: '94103' };
const now = new Date('2026-03-01T12:00:00Z');

function input(overrides: Partial<TotalsInput> = {}): TotalsInput {
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
          address: { country: 'US', city: 'New York' },
          fee: 0,
        },
      ],
      charges: [],
    },
    tax: manualTax,
    now,
    ...overrides,
  };
}

describe('totals engine', () => {
  it('without an address: pickup only, no tax yet, and the buyer is told why', async () => {
    const totals = await calculateTotals(input());
    expect(totals.priceSummary).toEqual({
      subtotal: 3499,
      discount: 0,
      shipping: 0,
      additionalFees: 0,
      tax: 0,
      total: 3499,
    });
    expect(totals.shipping.selected?.code).toBe('pickup-soho');
    expect(totals.tax.rateType).toBe('NO_TAX_COLLECTED');
    expect(totals.violations.map((v) => v.code)).toEqual([
      'SHIPPING_ADDRESS_REQUIRED',
      'TAX_ADDRESS_REQUIRED',
    ]);
    expect(totals.totalWeight).toBeCloseTo(0.8);
    expect(totals.payNow).toBe(3499);
  });

  it('New York: the subdivision region wins, tax per jurisdiction on lines and shipping, to the cent', async () => {
    const totals = await calculateTotals(input({ shippingAddress: NY, selectedShippingOption: 'std' }));
    // 2500 × 8.875 % = 221.875 → 222; 999 × 8.875 % = 88.66 → 89; shipping 400 × 8.875 % = 35.5 → 36.
    expect(totals.priceSummary).toEqual({
      subtotal: 3499,
      discount: 0,
      shipping: 400,
      additionalFees: 0,
      tax: 347,
      total: 4246,
    });
    expect(totals.lines.map((l) => [l.id, l.tax, l.total])).toEqual([
      ['li-mug', 222, 2722],
      ['li-ebook', 89, 1088],
    ]);
    expect(totals.tax).toMatchObject({
      rateType: 'MANUAL_RATE',
      manualReason: 'GLOBAL_SETTING_TO_MANUAL',
      shippingTax: 36,
      shippingPpm: 88_750,
    });
    expect(totals.tax.shippingBreakdown.reduce((sum, b) => sum + b.taxAmount, 0)).toBe(36);
    const mugBreakdown = totals.lines[0]!.taxBreakdown;
    expect(mugBreakdown.map((b) => b.taxAmount)).toEqual([100, 113, 9]);
    expect(totals.tax.breakdown.reduce((sum, b) => sum + b.taxAmount, 0)).toBe(347);
    expect(totals.shipping.options.map((o) => [o.code, o.cost, o.deliveryTime])).toEqual([
      ['std', 400, '1-2 business days'],
      ['pickup-soho', 0, undefined],
    ]);
    expect(totals.violations).toEqual([]);
  });

  it('merchant discount, then a 10 % coupon on what is left, spread over lines exactly; California tax without shipping', async () => {
    const totals = await calculateTotals(
      input({
        shippingAddress: CA,
        selectedShippingOption: 'pickup-soho',
        merchantDiscounts: [{ amount: 500, lineItemIds: ['li-mug'] }],
        coupon: {
          id: 'cp-1',
          code: 'SAVE10',
          name: '10 % off',
          scope: 'GLOBAL',
          kind: 'PERCENT',
          ppm: 100_000,
        },
      }),
    );
    // Merchant: mug 2500 → 2000. Coupon: 10 % of 2999 = 299.9 → 300 = 200 (mug) + 100 (ebook).
    expect(totals.lines.map((l) => [l.id, l.discount])).toEqual([
      ['li-mug', 700],
      ['li-ebook', 100],
    ]);
    expect(totals.appliedDiscounts.map((d) => [d.kind, d.amount, d.coupon?.code])).toEqual([
      ['AMOUNT', 500, undefined],
      ['PERCENT', 300, 'SAVE10'],
    ]);
    // Options for CA: std 500, express 800 + 200 × 0.8 kg = 960, saver 700 (2699 < 5000); the buyer chose pickup.
    expect(totals.shipping.options.map((o) => [o.code, o.cost])).toEqual([
      ['std', 500],
      ['express', 960],
      ['saver', 700],
      ['pickup-soho', 0],
    ]);
    expect(totals.shipping.selected?.code).toBe('pickup-soho');
    // Tax 7.25 %: 1800 → 130.5 → 131; 899 → 65.18 → 65.
    expect(totals.priceSummary).toEqual({
      subtotal: 3499,
      discount: 800,
      shipping: 0,
      additionalFees: 0,
      tax: 196,
      total: 2895,
    });
  });

  it('with an address and no choice yet, the cheapest delivery is chosen, never a free pickup', async () => {
    const totals = await calculateTotals(input({ shippingAddress: CA }));
    expect(totals.shipping.options.find((o) => o.code === 'pickup-soho')?.cost).toBe(0);
    expect(totals.shipping.selected?.code).toBe('std');
    expect(totals.priceSummary.shipping).toBe(500);
  });

  it('a coupon under its minimum subtotal is not applied and says why', async () => {
    const totals = await calculateTotals(
      input({
        coupon: {
          id: 'c',
          code: 'BIG',
          name: 'Big',
          scope: 'GLOBAL',
          kind: 'AMOUNT',
          amount: 1000,
          minimumSubtotal: 5000,
        },
      }),
    );
    expect(totals.priceSummary.discount).toBe(0);
    expect(totals.violations.find((v) => v.code === 'COUPON_MINIMUM_NOT_MET')?.severity).toBe('WARNING');
  });

  it('specific-item coupons touch only their products or collections, capped at their price', async () => {
    const totals = await calculateTotals(
      input({
        coupon: {
          id: 'c',
          code: 'KITCHEN',
          name: 'Kitchen',
          scope: 'SPECIFIC_ITEMS',
          kind: 'AMOUNT',
          amount: 9999,
          collectionIds: ['c-kitchen'],
        },
      }),
    );
    expect(totals.lines.map((l) => l.discount)).toEqual([2500, 0]);
    const none = await calculateTotals(
      input({
        coupon: {
          id: 'c',
          code: 'SHOES',
          name: 'Shoes',
          scope: 'SPECIFIC_ITEMS',
          kind: 'PERCENT',
          ppm: 500_000,
          productIds: ['p-shoe'],
        },
      }),
    );
    expect(none.priceSummary.discount).toBe(0);
    expect(none.violations.map((v) => v.code)).toContain('COUPON_NOT_APPLICABLE');
  });

  it('free-shipping coupons discount shipping and its tax', async () => {
    const totals = await calculateTotals(
      input({
        shippingAddress: NY,
        selectedShippingOption: 'std',
        coupon: {
          id: 'c',
          code: 'SHIPFREE',
          name: 'Free shipping',
          scope: 'SHIPPING',
          kind: 'PERCENT',
          ppm: 1_000_000,
        },
      }),
    );
    expect(totals.priceSummary).toMatchObject({ shipping: 400, discount: 400, tax: 311, total: 3499 + 311 });
    expect(totals.appliedDiscounts).toEqual([
      {
        scope: 'SHIPPING',
        kind: 'PERCENT',
        amount: 400,
        coupon: { id: 'c', code: 'SHIPFREE', name: 'Free shipping' },
        lineItemIds: [],
      },
    ]);
    expect(totals.tax.shippingTax).toBe(0);
  });

  it('weight-based and free-over rates, handling fee and insurance', async () => {
    const heavy = { ...mug, quantity: 5 }; // 2 kg, 6250
    const totals = await calculateTotals(
      input({
        lines: [heavy],
        shippingAddress: CA,
        selectedShippingOption: 'express',
        shipping: {
          ...input().shipping,
          charges: [
            { type: 'HANDLING_FEE', title: 'Handling', amount: 150 },
            { type: 'INSURANCE', title: 'Insurance', ppm: 10_000 },
          ],
        },
      }),
    );
    expect(totals.shipping.selected).toMatchObject({ code: 'express', cost: 1200 });
    expect(totals.shipping.options.find((o) => o.code === 'saver')?.cost).toBe(0);
    expect(totals.additionalFees).toEqual([
      { type: 'HANDLING_FEE', title: 'Handling', amount: 150 },
      { type: 'INSURANCE', title: 'Insurance', amount: 63 },
    ]);
    // 6250 + 1200 + 213 fees + tax 453.125 → 453 (shipping untaxed in CA).
    expect(totals.priceSummary).toEqual({
      subtotal: 6250,
      discount: 0,
      shipping: 1200,
      additionalFees: 213,
      tax: 453,
      total: 8116,
    });
  });

  it('tax-inclusive prices: the tax is inside the price, the total does not grow', async () => {
    const tax: TaxSetup = {
      calculation: 'MANUAL',
      pricesIncludeTax: true,
      taxableAddressType: 'SHIPPING',
      regions: [
        {
          country: 'DE',
          taxShipping: true,
          rates: [{ jurisdiction: 'Germany', jurisdictionType: 'COUNTRY', ppm: 190_000 }],
        },
      ],
    };
    const book = { ...ebook, unitPrice: 1190, fullUnitPrice: 1190 };
    const totals = await calculateTotals(
      input({ currency: 'EUR', lines: [book], tax, shippingAddress: { country: 'DE', city: 'Berlin' } }),
    );
    expect(totals.lines[0]).toMatchObject({ tax: 190, taxableAmount: 1000, total: 1190 });
    expect(totals.priceSummary).toEqual({
      subtotal: 1190,
      discount: 0,
      shipping: 0,
      additionalFees: 0,
      tax: 190,
      total: 1190,
    });
  });

  it('automatic tax: provider rates, fallback when it fails or is not set up, manual regions override', async () => {
    const provider = {
      name: 'TaxCo',
      rates: async () => ({
        lines: { 'li-ebook': [{ jurisdiction: 'Auto', jurisdictionType: 'STATE' as const, ppm: 50_000 }] },
        shipping: [],
      }),
    };
    const auto = await calculateTotals(
      input({ lines: [ebook], shippingAddress: NY, tax: { ...manualTax, calculation: 'AUTO', provider } }),
    );
    expect(auto.tax.rateType).toBe('AUTO_RATE');
    expect(auto.priceSummary.tax).toBe(50);
    const failing = { name: 'TaxCo', rates: async () => Promise.reject(new Error('timeout')) };
    const fallback = await calculateTotals(
      input({
        lines: [ebook],
        shippingAddress: NY,
        tax: { ...manualTax, calculation: 'AUTO', provider: failing },
      }),
    );
    expect(fallback.tax).toMatchObject({ rateType: 'FALLBACK_RATE', fallbackReason: 'AUTO_TAX_FAILED' });
    expect(fallback.priceSummary.tax).toBe(89);
    expect(fallback.violations.map((v) => v.code)).toContain('AUTO_TAX_FAILED');
    const off = await calculateTotals(
      input({ lines: [ebook], shippingAddress: NY, tax: { ...manualTax, calculation: 'AUTO' } }),
    );
    expect(off.tax).toMatchObject({ rateType: 'FALLBACK_RATE', fallbackReason: 'AUTO_TAX_DEACTIVATED' });
    const regions = manualTax.regions.map((r) => ({ ...r, manual: true }));
    const regional = await calculateTotals(
      input({
        lines: [ebook],
        shippingAddress: NY,
        tax: { ...manualTax, regions, calculation: 'AUTO', provider },
      }),
    );
    expect(regional.tax).toMatchObject({ rateType: 'MANUAL_RATE', manualReason: 'REGION_SETTING_TO_MANUAL' });
  });

  it('lines that cannot be bought count for nothing and say how to fix them', async () => {
    const gone = { ...ebook, availability: { status: 'NOT_AVAILABLE' as const } };
    const few = { ...mug, availability: { status: 'PARTIALLY_AVAILABLE' as const, quantityAvailable: 1 } };
    const totals = await calculateTotals(input({ lines: [few, gone] }));
    expect(totals.lines.map((l) => [l.id, l.included, l.total])).toEqual([
      ['li-mug', true, 2500],
      ['li-ebook', false, 0],
    ]);
    expect(totals.violations.filter((v) => v.severity === 'ERROR')).toEqual([
      expect.objectContaining({
        code: 'LINE_ITEM_PARTIALLY_AVAILABLE',
        lineItemId: 'li-mug',
        description: expect.stringContaining('Only 1'),
      }),
      expect.objectContaining({
        code: 'LINE_ITEM_NOT_AVAILABLE',
        lineItemId: 'li-ebook',
        suggestedFix: 'REMOVE_LINE_ITEM',
      }),
    ]);
  });

  it('memberships: eligible, invalid with reasons, and a chosen one pays its lines', async () => {
    const totals = await calculateTotals(
      input({
        memberships: [
          {
            id: 'm-books',
            name: 'Book club',
            productIds: ['p-ebook'],
            remainingCredits: 3,
            expirationDate: new Date('2027-01-01'),
          },
          { id: 'm-old', name: 'Old plan', productIds: ['p-mug'], expirationDate: new Date('2025-01-01') },
          { id: 'm-empty', name: 'Used up', productIds: ['p-mug'], remainingCredits: 0 },
        ],
        selectedMemberships: [
          { id: 'm-books', lineItemIds: ['li-ebook'] },
          { id: 'm-old', lineItemIds: ['li-mug'] },
        ],
      }),
    );
    expect(totals.membershipOptions.eligible).toEqual([
      { id: 'm-books', name: 'Book club', expirationDate: new Date('2027-01-01'), lineItemIds: ['li-ebook'] },
    ]);
    expect(totals.membershipOptions.invalid.map((m) => [m.id, m.reason])).toEqual([
      ['m-old', 'EXPIRED'],
      ['m-empty', 'NO_CREDITS_LEFT'],
    ]);
    expect(totals.membershipOptions.selected).toEqual([{ id: 'm-books', lineItemIds: ['li-ebook'] }]);
    expect(totals.lines[1]).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      payNow: 0,
      total: 0,
      membershipId: 'm-books',
    });
    expect(totals.priceSummary.subtotal).toBe(2500);
    expect(totals.violations.map((v) => v.code)).toContain('MEMBERSHIP_NOT_APPLICABLE');
  });

  it('pay now and later: offline lines, deposits, and gift cards (capped, never buying gift cards)', async () => {
    const offline = { ...mug, paymentOption: 'FULL_PAYMENT_OFFLINE' as const };
    const deposit = { ...ebook, paymentOption: 'DEPOSIT_ONLINE' as const, depositUnitAmount: 300 };
    const split = await calculateTotals(input({ lines: [offline, deposit] }));
    expect([split.payNow, split.payLater]).toEqual([300, 2500 + 699]);

    const card = { code: 'GC-1234-ABCD', balance: 1000, currency: 'USD' };
    const partial = await calculateTotals(input({ giftCard: card }));
    expect(partial.giftCard).toEqual({ code: 'GC-1234-ABCD', appliedAmount: 1000, remainingBalance: 0 });
    expect(partial.payNow).toBe(2499);
    const big = await calculateTotals(input({ giftCard: { ...card, balance: 10_000 } }));
    expect([big.payNow, big.giftCard?.remainingBalance]).toEqual([0, 6501]);
    const giftCardLine = {
      ...ebook,
      id: 'li-gc',
      itemType: 'GIFT_CARD' as const,
      unitPrice: 5000,
      fullUnitPrice: 5000,
    };
    const buyingCards = await calculateTotals(input({ lines: [giftCardLine], giftCard: card }));
    expect([buyingCards.payNow, buyingCards.giftCard?.appliedAmount]).toEqual([5000, 0]);
    const euro = await calculateTotals(input({ giftCard: { ...card, currency: 'EUR' } }));
    expect(euro.giftCard).toBeUndefined();
    expect(euro.violations.find((v) => v.code === 'GIFT_CARD_CURRENCY_MISMATCH')).toMatchObject({
      severity: 'ERROR',
      description: expect.stringContaining('••••ABCD'),
    });
  });

  it('offers only future delivery slots, and honours the chosen option or says it fell back', async () => {
    const slots = [
      { from: new Date('2026-02-28T10:00:00Z'), to: new Date('2026-02-28T12:00:00Z') },
      { from: new Date('2026-03-02T10:00:00Z'), to: new Date('2026-03-02T12:00:00Z') },
    ];
    const shipping = input().shipping;
    const withSlots = {
      ...shipping,
      regions: [
        {
          id: 'local',
          name: 'Local',
          destinations: ['US'],
          rates: [
            {
              code: 'courier',
              title: 'Courier',
              kind: 'FLAT' as const,
              amount: 900,
              deliveryTimeSlots: slots,
            },
          ],
        },
      ],
    };
    const totals = await calculateTotals(
      input({ shipping: withSlots, shippingAddress: CA, selectedShippingOption: 'drone' }),
    );
    expect(totals.shipping.options[0]?.deliveryTimeSlots).toEqual([slots[1]]);
    expect(totals.violations.map((v) => v.code)).toContain('SHIPPING_OPTION_UNAVAILABLE');
    const nowhere = await calculateTotals(
      input({ shipping: { ...withSlots, pickupLocations: [] }, shippingAddress: { country: 'FR' } }),
    );
    expect(nowhere.violations.find((v) => v.code === 'SHIPPING_DESTINATION_NOT_SERVED')?.severity).toBe(
      'ERROR',
    );
  });

  it('always balances: total = subtotal − discount + shipping + fees + tax, and pay-now + pay-later + gift card = total (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
            physical: fc.boolean(),
            offline: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(NY, CA, undefined),
        fc.integer({ min: 0, max: 200_000 }),
        async (specs, couponPpm, giftBalance, address, merchantAmount) => {
          const lines: TotalsLine[] = specs.map((spec, index) => ({
            id: `l${index}`,
            quantity: spec.quantity,
            itemType: spec.physical ? 'PHYSICAL' : 'DIGITAL',
            unitPrice: spec.price,
            fullUnitPrice: spec.price,
            unitWeight: 0.25,
            productId: `p${index}`,
            availability: { status: 'AVAILABLE' },
            ...(spec.offline ? { paymentOption: 'FULL_PAYMENT_OFFLINE' as const } : {}),
          }));
          const totals = await calculateTotals(
            input({
              lines,
              shippingAddress: address,
              merchantDiscounts: [{ amount: merchantAmount }],
              coupon: { id: 'c', code: 'P', name: 'P', scope: 'GLOBAL', kind: 'PERCENT', ppm: couponPpm },
              giftCard: { code: 'G', balance: giftBalance, currency: 'USD' },
            }),
          );
          const s = totals.priceSummary;
          expect(s.total).toBe(s.subtotal - s.discount + s.shipping + s.additionalFees + s.tax);
          expect(totals.payNow + totals.payLater + (totals.giftCard?.appliedAmount ?? 0)).toBe(s.total);
          expect(totals.lines.every((line) => line.discount <= line.subtotal && line.total >= 0)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
