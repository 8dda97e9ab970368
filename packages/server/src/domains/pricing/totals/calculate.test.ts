import { describe, expect, it } from 'vitest';
import { CA, input, mug, NY } from './calculate.fixtures.js';
import { calculateTotals } from './calculate.rules.js';

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

  /** 5.00 off the mug by the merchant, then the 10 % coupon SAVE10 on what is left. */
  const MUG_DISCOUNT_THEN_SAVE10 = {
    merchantDiscounts: [{ amount: 500, lineItemIds: ['li-mug'] }],
    coupon: {
      id: 'cp-1',
      code: 'SAVE10',
      name: '10 % off',
      scope: 'GLOBAL' as const,
      kind: 'PERCENT' as const,
      ppm: 100_000,
    },
  };

  it('merchant discount, then a 10 % coupon on what is left, spread over lines exactly; a Californian collecting in New York pays New York tax', async () => {
    const totals = await calculateTotals(
      input({
        shippingAddress: CA,
        selectedShippingOption: 'pickup-soho',
        ...MUG_DISCOUNT_THEN_SAVE10,
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
    // Taxed where it is collected (SoHo, New York), not at the Californian address: 8.875 %:
    // 1800 → 159.75 → 160; 899 → 79.79 → 80.
    expect(totals.priceSummary).toEqual({
      subtotal: 3499,
      discount: 800,
      shipping: 0,
      additionalFees: 0,
      tax: 240,
      total: 2939,
    });
    expect(totals.tax.breakdown.map((b) => b.jurisdiction)).toEqual(['New York', 'New York City', 'MCTD']);
    // Shipped to the same address, the same cart pays California's 7.25 % (shipping untaxed there):
    // 1800 → 130.5 → 131; 899 → 65.18 → 65.
    const shipped = await calculateTotals(
      input({
        shippingAddress: CA,
        selectedShippingOption: 'std',
        ...MUG_DISCOUNT_THEN_SAVE10,
      }),
    );
    expect(shipped.priceSummary).toEqual({
      subtotal: 3499,
      discount: 800,
      shipping: 500,
      additionalFees: 0,
      tax: 196,
      total: 3395,
    });
  });

  it('a pickup is taxed at its location only where the store taxes the destination', async () => {
    const billingTaxed = await calculateTotals(
      input({
        shippingAddress: CA,
        billingAddress: CA,
        selectedShippingOption: 'pickup-soho',
        tax: { ...input().tax, taxableAddressType: 'BILLING' },
      }),
    );
    // The merchant taxes by the billing address: California, 7.25 % of 2500 and 999 = 181 + 72.
    expect(billingTaxed.priceSummary.tax).toBe(253);
  });

  it('offers a pickup to buyers of its own country unless the merchant names others', async () => {
    const codes = (totals: Awaited<ReturnType<typeof calculateTotals>>) =>
      totals.shipping.options.map((option) => option.code);
    const paris = { country: 'FR', city: 'Paris', postalCode: '75001' };
    const soho = input().shipping.pickupLocations[0]!;
    // New York's counter is for buyers in the United States: not offered in Paris, said in words.
    const french = await calculateTotals(
      input({ shippingAddress: paris, selectedShippingOption: 'pickup-soho' }),
    );
    expect(codes(french)).toEqual([]);
    expect(french.shipping.selected).toBeUndefined();
    expect(french.violations.map((v) => v.description)).toContain(
      'We do not deliver to France. Enter an address in a country we deliver to.',
    );
    expect(codes(await calculateTotals(input({ shippingAddress: CA })))).toContain('pickup-soho');
    // Offered to everyone, a Parisian may collect it (and pays New York tax on it).
    const everyone = (offeredTo: string[]) => ({
      ...input().shipping,
      pickupLocations: [{ ...soho, offeredTo }],
    });
    const collecting = await calculateTotals(
      input({ shipping: everyone(['*']), shippingAddress: paris, selectedShippingOption: 'pickup-soho' }),
    );
    expect(collecting.shipping.selected?.code).toBe('pickup-soho');
    expect(collecting.violations.filter((v) => v.severity === 'ERROR')).toEqual([]);
    expect(collecting.priceSummary.tax).toBe(311);
    // Offered to New York State only: a Californian is not offered it, a New Yorker is.
    expect(
      codes(await calculateTotals(input({ shipping: everyone(['US-NY']), shippingAddress: CA }))),
    ).not.toContain('pickup-soho');
    expect(
      codes(await calculateTotals(input({ shipping: everyone(['US-NY']), shippingAddress: NY }))),
    ).toContain('pickup-soho');
    // A buyer who has not said where they are may choose any pickup.
    expect(codes(await calculateTotals(input({ shipping: everyone(['DE']) })))).toEqual(['pickup-soho']);
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
    // calculateAdditionalFees: false (estimate-totals) leaves the charges out.
    const withoutFees = await calculateTotals(
      input({
        lines: [heavy],
        shippingAddress: CA,
        selectedShippingOption: 'express',
        calculateAdditionalFees: false,
        shipping: {
          ...input().shipping,
          charges: [{ type: 'HANDLING_FEE', title: 'Handling', amount: 150 }],
        },
      }),
    );
    expect(withoutFees.additionalFees).toEqual([]);
    expect(withoutFees.priceSummary.total).toBe(8116 - 213);
  });
});
