import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, type TestApp, visitorToken } from '../../testing/index.js';
import { subdivisionCode } from '../pricing/index.js';

// Addresses are checked against their country (postal code format, subdivisions) wherever a cart or
// checkout takes one: a wrong value present is a 400 naming the field; a partial address still passes.

let t: TestApp;
let mug: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1000, weight: 0.4 });
});
afterAll(() => t.close());

function call(token: string, method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, headers: { authorization: token }, payload });
}

async function newCheckout(visitor: string): Promise<string> {
  const me = visitorToken(visitor);
  await call(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 1)] });
  return (await call(me, 'POST', '/ecom/v1/carts/current/create-checkout', { channelType: 'WEB' })).json()
    .checkoutId;
}

const violationsOf = (reply: { json: () => unknown }) =>
  (
    reply.json() as {
      details: {
        validationError: { fieldViolations: { field: string; ruleName?: string; data?: unknown }[] };
      };
    }
  ).details.validationError.fieldViolations;

describe('address rules on checkouts and carts', () => {
  it('refuses a ZIP and a state that are not the country’s, both in one 400, and stores nothing', async () => {
    const me = visitorToken('v-narnia');
    const id = await newCheckout('v-narnia');
    const reply = await call(me, 'PATCH', `/ecom/v1/checkouts/${id}`, {
      checkout: {
        shippingInfo: {
          shippingDestination: {
            address: { country: 'US', subdivision: 'Narnia', postalCode: 'ZZZZZZZZ', city: 'Cair Paravel' },
          },
        },
        billingInfo: { address: { country: 'DE', postalCode: '1234' } },
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(violationsOf(reply).map((v) => v.field)).toEqual([
      'checkout.billingInfo.address.postalCode',
      'checkout.shippingInfo.shippingDestination.address.postalCode',
      'checkout.shippingInfo.shippingDestination.address.subdivision',
    ]);
    expect(reply.json().details.validationError.fieldViolations[0]).toMatchObject({
      description: '"1234" is not a postal code of DE',
    });
    const stored = await t.app.inject({ url: `/ecom/v1/checkouts/${id}`, headers: { authorization: me } });
    expect(stored.json().checkout.shippingInfo.shippingDestination).toBeUndefined();
  });

  it('takes a state by name or code and stores ISO 3166-2; tax is charged for it', async () => {
    const me = visitorToken('v-ny-name');
    const id = await newCheckout('v-ny-name');
    const reply = await call(me, 'PATCH', `/ecom/v1/checkouts/${id}`, {
      checkout: {
        shippingInfo: {
          shippingDestination: {
            address: { country: 'US', subdivision: 'new york', postalCode: '10001', city: 'New York' },
          },
        },
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const checkout = reply.json().checkout;
    expect(checkout.shippingInfo.shippingDestination.address.subdivision).toBe('US-NY');
    expect(Number(checkout.priceSummary.tax.amount)).toBeGreaterThan(0);
  });

  it('keeps accepting partial addresses (a country alone for an estimate), and warns that tax waits for the state', async () => {
    const me = visitorToken('v-partial');
    await call(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 1)] });
    const estimate = await call(me, 'POST', '/ecom/v1/carts/current/estimate-totals', {
      shippingAddress: { country: 'US' },
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json().priceSummary.tax.amount).toBe('0.00');
    expect(estimate.json().violations).toContainEqual(
      expect.objectContaining({ severity: 'WARNING', code: 'TAX_ADDRESS_INCOMPLETE' }),
    );
    const wrong = await call(me, 'POST', '/ecom/v1/carts/current/estimate-totals', {
      shippingAddress: { country: 'US', postalCode: '1000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(violationsOf(wrong)).toMatchObject([
      { field: 'shippingAddress.postalCode', violatedRule: 'FORMAT' },
    ]);
  });

  it('checks the cart’s contact address and the create-checkout addresses too', async () => {
    const me = visitorToken('v-cart-address');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/ecom/v1/carts/current',
      headers: { authorization: me },
      payload: { cartInfo: { contactInfo: { address: { country: 'GB', postalCode: 'ZZ' } } } },
    });
    expect(patch.statusCode).toBe(400);
    expect(violationsOf(patch)[0]).toMatchObject({ field: 'cartInfo.contactInfo.address.postalCode' });
    await call(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 1)] });
    const created = await call(me, 'POST', '/ecom/v1/carts/current/create-checkout', {
      channelType: 'WEB',
      shippingAddress: { country: 'CA', subdivision: 'CA-XX' },
    });
    expect(created.statusCode).toBe(400);
    expect(violationsOf(created)[0]).toMatchObject({ field: 'shippingAddress.subdivision' });
  });
});

describe('subdivisionCode', () => {
  it('reads codes with or without the country, names with or without accents, in any case', () => {
    expect(subdivisionCode('US', 'US-NY')).toBe('US-NY');
    expect(subdivisionCode('US', 'ny')).toBe('US-NY');
    expect(subdivisionCode('US', 'New York')).toBe('US-NY');
    expect(subdivisionCode('DE', 'Baden-Wurttemberg')).toBe('DE-BW');
    expect(subdivisionCode('CA', 'Quebec')).toBe('CA-QC');
    expect(subdivisionCode('US', 'Narnia')).toBeUndefined();
    expect(subdivisionCode('US', 'CA-ON')).toBeUndefined();
  });
});
