import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import {
  createTestApp,
  merchantKey,
  type TestApp,
  testDatabaseKind,
  visitorToken,
} from '../../testing/index.js';

/*
 * A pickup is taxed where it is picked up (ADR 047): a Californian collecting at the SoHo counter pays
 * New York's 8.875 %, the same Californian shipping home pays California's 7.25 %, and the order keeps
 * the checkout's figures. A pickup is offered to the buyers of its own country unless the merchant
 * names others.
 */

interface Figure {
  kind: string;
  label: string;
  amount: { amount: string; formattedAmount: string };
}

const LOS_ANGELES = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'Los Angeles',
  postalCode: '90012',
  addressLine: '200 N Spring St',
};
const PARIS = { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 Rue de Rivoli' };
const ADA = { firstName: 'Ada', lastName: 'Lovelace' };

let t: TestApp;
let owner: string;
let lamp: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database, 'owner');
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 2000 });
});
afterAll(() => t?.close());

async function call(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const reply = await t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });
  return reply;
}
async function ok(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const reply = await call(token, method, url, payload);
  expect(reply.statusCode, `${method} ${url}: ${reply.body}`).toBe(200);
  return reply.json();
}

/** A checkout for one lamp, sent to `address` with the option `code` chosen. */
async function checkoutTo(visitor: string, address: object, code: string) {
  const me = visitorToken(visitor);
  await ok(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(lamp.id, 1)] });
  const { checkoutId } = await ok(me, 'POST', '/ecom/v1/carts/current/create-checkout', {
    channelType: 'WEB',
  });
  const { checkout } = await ok(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: {
      buyerInfo: { email: `${visitor}@example.com` },
      billingInfo: { address, contactDetails: ADA },
      shippingInfo: {
        shippingDestination: { address, contactDetails: ADA },
        selectedCarrierServiceOption: { code },
      },
    },
  });
  return { me, checkoutId, checkout };
}

const offeredCodes = (checkout: {
  shippingInfo: { carrierServiceOptions?: { shippingOptions: { code: string }[] }[] };
}) =>
  (checkout.shippingInfo.carrierServiceOptions ?? []).flatMap((c) => c.shippingOptions.map((o) => o.code));
const taxRow = (figures: Figure[]) => figures.find((figure) => figure.kind === 'TAX')?.amount.amount;

describe(`a pickup is taxed where it is picked up (${testDatabaseKind()})`, () => {
  it('a Californian collecting in New York pays New York tax, and the order keeps those figures', async () => {
    const { me, checkoutId, checkout } = await checkoutTo('v-ca-pickup', LOS_ANGELES, 'pickup-soho');
    expect(checkout.shippingInfo.selectedCarrierServiceOption.code).toBe('pickup-soho');
    // 8.875 % of $20.00 = $1.775 → $1.78 (California's 7.25 % would be $1.45).
    expect(checkout.priceSummary.tax.amount).toBe('1.78');
    expect(taxRow(checkout.figures)).toBe('1.78');
    expect(checkout.priceSummary.total.amount).toBe('21.78');
    const { orderId } = await ok(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      paymentMethod: { type: 'OFFLINE' },
    });
    const { order } = await ok(owner, 'GET', `/admin-api/v1/orders/${orderId}`);
    expect(order.priceSummary.tax.amount).toBe('1.78');
    const summary = (figures: Figure[]) =>
      figures.filter((f) => f.kind !== 'DUE_NOW' && f.kind !== 'BALANCE');
    expect(summary(order.figures).slice(0, 3)).toEqual(summary(checkout.figures).slice(0, 3));
    expect(order.shippingInfo.pickupMethod ?? order.shippingInfo.logistics?.pickupDetails?.pickupMethod).toBe(
      'STORE_PICKUP',
    );
    // The buyer's own order says the same.
    expect(taxRow((await ok(me, 'GET', `/ecom/v1/orders/${orderId}`)).order.figures)).toBe('1.78');
  });

  it('the same Californian shipping home pays California tax', async () => {
    const { checkout } = await checkoutTo('v-ca-ship', LOS_ANGELES, 'std');
    expect(checkout.shippingInfo.selectedCarrierServiceOption.code).toBe('std');
    // 7.25 % of $20.00 = $1.45; California does not tax the $5.00 shipping.
    expect(checkout.priceSummary.tax.amount).toBe('1.45');
    expect(taxRow(checkout.figures)).toBe('1.45');
    expect(checkout.priceSummary.total.amount).toBe('26.45');
  });
});

describe(`where a pickup is offered (${testDatabaseKind()})`, () => {
  it('to buyers in its own country by default, to everyone once the merchant says so', async () => {
    const { checkout } = await checkoutTo('v-paris', PARIS, 'pickup-soho');
    // New York's counter is not offered in Paris: nothing reaches France, said in words.
    expect(offeredCodes(checkout)).not.toContain('pickup-soho');
    expect(checkout.violations).toContainEqual(
      expect.objectContaining({
        severity: 'ERROR',
        description: 'We do not deliver to France. Enter an address in a country we deliver to.',
      }),
    );
    const { pickupLocations } = await ok(owner, 'GET', '/admin-api/v1/pickup-locations');
    const soho = pickupLocations.find((p: { code: string }) => p.code === 'pickup-soho');
    expect(soho.offeredTo).toEqual([]);

    // Bad destinations are refused, naming the field.
    const bad = await call(owner, 'PATCH', `/admin-api/v1/pickup-locations/${soho.id}`, {
      pickupLocation: { offeredTo: ['everywhere'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe('pickupLocation.offeredTo[0]');
    // A location stands in a country: one without is refused.
    const nowhere = await call(owner, 'POST', '/admin-api/v1/pickup-locations', {
      pickupLocation: {
        code: 'nowhere',
        title: 'Nowhere',
        method: 'STORE_PICKUP',
        address: { city: 'Paris' },
      },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().details.validationError.fieldViolations[0].field).toBe(
      'pickupLocation.address.country',
    );

    const everyone = await ok(owner, 'PATCH', `/admin-api/v1/pickup-locations/${soho.id}`, {
      pickupLocation: { offeredTo: ['*'] },
    });
    expect(everyone.pickupLocation.offeredTo).toEqual(['*']);
    const { checkout: again } = await checkoutTo('v-paris-2', PARIS, 'pickup-soho');
    expect(offeredCodes(again)).toContain('pickup-soho');
    expect(again.shippingInfo.selectedCarrierServiceOption.code).toBe('pickup-soho');
    expect(again.violations ?? []).not.toContainEqual(expect.objectContaining({ severity: 'ERROR' }));
    // Collected in New York, it is taxed there, whatever the Parisian address.
    expect(again.priceSummary.tax.amount).toBe('1.78');

    // Offered to New York State only: a Californian is no longer offered it.
    await ok(owner, 'PATCH', `/admin-api/v1/pickup-locations/${soho.id}`, {
      pickupLocation: { offeredTo: ['us-ny'] },
    });
    const { checkout: californian } = await checkoutTo('v-ca-later', LOS_ANGELES, 'std');
    expect(offeredCodes(californian)).not.toContain('pickup-soho');
    await ok(owner, 'PATCH', `/admin-api/v1/pickup-locations/${soho.id}`, {
      pickupLocation: { offeredTo: [] },
    });
  });
});
