import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../../testing/index.js';
import type { TaxProvider } from '../pricing/totals/totals.types.js';
import {
  createMembershipPlan,
  grantMembership,
  listMemberships,
} from '../store-setup/memberships/memberships.service.js';
import { updateStoreSettings } from '../store-setup/settings/settings.service.js';
import { createPickupLocation } from '../store-setup/shipping/shipping.service.js';
import { createTaxRegion } from '../store-setup/tax/tax.service.js';

// Store set-up as it reaches shoppers: memberships, tax-inclusive prices, automatic tax with its
// fallbacks, extra charges. Amounts are hand-computed in the comments.
let t: TestApp;
let providerMode: 'ok' | 'fail' = 'ok';
const provider: TaxProvider = {
  name: 'test-tax-service',
  async rates(request) {
    if (providerMode === 'fail') throw new Error('tax service down');
    const five = [{ jurisdiction: 'Auto', jurisdictionType: 'STATE' as const, ppm: 50_000 }];
    return { lines: Object.fromEntries(request.lines.map((line) => [line.id, five])), shipping: five };
  },
};
let mug: TestProduct;
let class_: TestProduct;
const now = new Date('2026-05-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ taxProvider: provider, clock: () => now });
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1000, weight: 0.5 });
  class_ = await createTestProduct(t.database.db, {
    name: 'Yoga class',
    priceMinor: 2000,
    productType: 'digital',
  });
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const estimate = async (token: string, body: object) =>
  (await send(token, 'POST', '/ecom/v1/carts/current/estimate-totals', body)).json();

describe('memberships', () => {
  it('eligible and invalid memberships; a chosen membership pays its line and its credits are used', async () => {
    const plan = await createMembershipPlan(t.database.db, {
      name: 'Yoga pass',
      productIds: [class_.id],
      credits: 3,
    });
    const valid = await grantMembership(t.database.db, { memberId: 'm-yoga', planId: plan.id, now });
    await grantMembership(t.database.db, {
      memberId: 'm-yoga',
      planId: plan.id,
      expiresAt: new Date('2026-04-01T00:00:00Z'),
      now,
    });
    const me = memberToken('m-yoga');
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(class_.id, 2), lineItem(mug.id)],
    });
    const options = (await estimate(me, {})).membershipOptions;
    expect(options.eligibleMemberships).toEqual([
      expect.objectContaining({ id: valid.id, name: { original: 'Yoga pass', translated: 'Yoga pass' } }),
    ]);
    expect(options.invalidMemberships).toEqual([
      expect.objectContaining({
        reason: 'EXPIRED',
        membership: expect.objectContaining({ expirationDate: '2026-04-01T00:00:00.000Z' }),
      }),
    ]);
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    const classLine = options.eligibleMemberships[0].lineItemIds[0];
    const chosen = (
      await send(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
        checkout: {
          buyerInfo: { email: 'yogi@example.com' },
          membershipOptions: {
            selectedMemberships: { memberships: [{ id: valid.id, lineItemIds: [classLine] }] },
          },
        },
      })
    ).json().checkout;
    expect(chosen.lineItems[0]).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      totalPriceAfterTax: { amount: '0.00' },
    });
    expect(chosen.priceSummary.subtotal.amount).toBe('10.00');
    const placed = await send(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    expect(placed.statusCode, placed.body).toBe(200);
    const [membership] = (await listMemberships(t.database.db, { memberId: 'm-yoga' })).filter(
      (m) => m.id === valid.id,
    );
    expect(membership?.remainingCredits).toBe(1);
    const visitor = await send(visitorToken('v-yoga'), 'POST', '/ecom/v1/checkouts', {
      lineItems: [lineItem(class_.id)],
      checkoutInfo: {
        membershipOptions: { selectedMemberships: { memberships: [{ id: valid.id, lineItemIds: ['x'] }] } },
      },
    });
    expect(visitor.json().details.validationError.fieldViolations[0].field).toBe(
      'checkout.membershipOptions.selectedMemberships',
    );
  });
});

describe('tax and charges set-up', () => {
  const me = visitorToken('v-tax');
  const berlin = { shippingAddress: { country: 'DE', city: 'Berlin' } };

  it('automatic tax: the provider (AUTO_RATE), its failure (FALLBACK_RATE, AUTO_TAX_FAILED), a manual region', async () => {
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 2)] });
    await updateStoreSettings(t.database.db, { taxCalculation: 'AUTO' }, 'USD');
    const ny = {
      shippingAddress: { country: 'US', subdivision: 'US-NY' },
      selectedShippingOption: { code: 'std' },
    };
    // 20.00 + 4.00 shipping at the provider's 5 %: 1.00 + 0.20.
    const auto = await estimate(me, ny);
    expect(auto.taxSummary.calculationDetails).toEqual({ rateType: 'AUTO_RATE' });
    expect(auto.priceSummary.tax.amount).toBe('1.20');
    providerMode = 'fail';
    // Fallback to the store's NY rates: 20.00 × 8.875 % = 1.775 → 1.78; 4.00 → 0.36 (0.355 → 0.36).
    const fallback = await estimate(me, ny);
    expect(fallback.taxSummary.calculationDetails).toEqual({
      rateType: 'FALLBACK_RATE',
      autoTaxFallbackDetails: { fallbackReason: 'AUTO_TAX_FAILED' },
    });
    expect(fallback.priceSummary.tax.amount).toBe('2.14');
    expect(fallback.calculationErrors.taxCalculationError.applicationError.code).toBe('AUTO_TAX_FAILED');
    providerMode = 'ok';
    await createTaxRegion(t.database.db, {
      country: 'US',
      subdivision: 'US-TX',
      manual: true,
      rates: [{ jurisdiction: 'Texas', jurisdictionType: 'STATE', ppm: 62_500 }],
    });
    const texas = await estimate(me, {
      shippingAddress: { country: 'US', subdivision: 'US-TX' },
      selectedShippingOption: { code: 'std' },
    });
    expect(texas.taxSummary.calculationDetails).toEqual({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'REGION_SETTING_TO_MANUAL',
    });
    expect(texas.priceSummary.tax.amount).toBe('1.25');
  });

  it('tax-inclusive prices (EU VAT) and extra charges', async () => {
    await createTaxRegion(t.database.db, {
      country: 'DE',
      taxShipping: false,
      rates: [{ jurisdiction: 'Germany', jurisdictionType: 'COUNTRY', ppm: 190_000 }],
    });
    // Nothing is delivered to Germany; the store has a counter in Berlin (New York's is for US buyers).
    await createPickupLocation(t.database.db, {
      code: 'pickup-berlin',
      title: 'Pick up in Berlin',
      method: 'STORE_PICKUP',
      address: { country: 'DE', city: 'Berlin', addressLine: 'Unter den Linden 1' },
    });
    await updateStoreSettings(
      t.database.db,
      {
        taxCalculation: 'MANUAL',
        pricesIncludeTax: true,
        extraCharges: [{ type: 'HANDLING_FEE', title: 'Handling', amountMinor: 150 }],
      },
      'USD',
    );
    // 20.00 gross: VAT = 20.00 − 20.00 / 1.19 = 3.19; the total stays 20.00 + 1.50 handling (Germany: pickup only).
    const vat = await estimate(me, berlin);
    expect(vat.priceSummary).toMatchObject({
      tax: { amount: '3.19' },
      additionalFees: { amount: '1.50' },
      total: { amount: '21.50' },
    });
    // The figures say the tax is in the prices: the other rows add up to the total.
    expect(
      vat.figures.map((f: { label: string; amount: { amount: string } }) => [f.label, f.amount.amount]),
    ).toEqual([
      ['Subtotal', '20.00'],
      ['Shipping', '0.00'],
      ['Fees', '1.50'],
      ['Tax included', '3.19'],
      ['Total', '21.50'],
    ]);
    expect(vat.calculatedLineItems[0].pricesBreakdown).toMatchObject({
      totalPriceBeforeTax: { amount: '16.81' },
      totalPriceAfterTax: { amount: '20.00' },
    });
    expect(vat.additionalFees).toEqual([
      expect.objectContaining({ code: 'HANDLING_FEE', price: expect.objectContaining({ amount: '1.50' }) }),
    ]);
    expect(vat.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'pickup-berlin',
      otherCharges: [expect.objectContaining({ type: 'HANDLING_FEE' })],
    });
    await updateStoreSettings(t.database.db, { pricesIncludeTax: false, extraCharges: [] }, 'USD');
  });
});
