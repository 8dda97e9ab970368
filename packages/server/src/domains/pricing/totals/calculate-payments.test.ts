import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CA, ebook, input, manualTax, mug, NY } from './calculate.fixtures.js';
import { calculateTotals } from './calculate.rules.js';
import type { TaxSetup, TotalsLine } from './totals.types.js';

describe('totals engine: tax modes, unbuyable lines, memberships, payments, slots', () => {
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
    expect(totals.shipping.options.filter((option) => !option.pickup)).toEqual([
      expect.objectContaining({
        code: 'courier@20260302T100000Z/20260302T120000Z',
        deliveryTimeSlot: slots[1],
      }),
    ]);
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
