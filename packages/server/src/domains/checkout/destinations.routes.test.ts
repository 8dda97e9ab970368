import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { servedDestinations } from '../store-setup/index.js';

// Where the store serves: the countries of its shipping regions and pickup locations (the storefront's
// country list), and an address served by none, which is a dead end only for delivery, said in words.

let t: TestApp;
let mug: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1000, weight: 0.4 });
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

async function newCheckout(visitor: string): Promise<string> {
  const me = visitorToken(visitor);
  await call(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 1)] });
  return (await call(me, 'POST', '/ecom/v1/carts/current/create-checkout', { channelType: 'WEB' })).json()
    .checkoutId;
}

describe('served destinations', () => {
  it('are the countries of the regions that have a rate, and of the pickup locations', async () => {
    expect(await servedDestinations(t.database.db)).toEqual({ delivery: ['US'], pickup: ['US'] });
    const owner = await merchantKey(t.database, 'owner');
    const add = (url: string, payload: object) => call(owner, 'POST', `/admin-api/v1${url}`, payload);
    expect(
      (
        await add('/shipping-regions', {
          shippingRegion: {
            name: 'Nordics',
            destinations: ['FI', 'SE-AB'],
            rates: [{ code: 'nordic', title: 'Nordic post', kind: 'FLAT', amount: '9.00' }],
          },
        })
      ).statusCode,
    ).toBe(200);
    // A region with no rate delivers nothing: its countries are not served.
    expect(
      (await add('/shipping-regions', { shippingRegion: { name: 'Later', destinations: ['NO'] } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await add('/pickup-locations', {
          pickupLocation: {
            code: 'london',
            title: 'Pick up in London',
            method: 'STORE_PICKUP',
            address: { country: 'GB', city: 'London', postalCode: 'NW1 6XE', addressLine: '221B Baker St' },
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await servedDestinations(t.database.db)).toEqual({
      delivery: ['US', 'FI', 'SE'],
      pickup: ['GB', 'US'],
    });
    // Offered to buyers in Ireland too, then to everyone: the countries follow.
    const { pickupLocations } = (await call(owner, 'GET', '/admin-api/v1/pickup-locations')).json();
    const london = pickupLocations.find((p: { code: string }) => p.code === 'london');
    const offer = (offeredTo: string[]) =>
      call(owner, 'PATCH', `/admin-api/v1/pickup-locations/${london.id}`, { pickupLocation: { offeredTo } });
    expect((await offer(['GB', 'IE'])).statusCode).toBe(200);
    expect((await servedDestinations(t.database.db)).pickup).toEqual(['GB', 'IE', 'US']);
    expect((await offer(['*'])).statusCode).toBe(200);
    expect((await servedDestinations(t.database.db)).pickup).toBe('*');
    expect((await offer([])).statusCode).toBe(200);
    expect((await servedDestinations(t.database.db)).pickup).toEqual(['GB', 'US']);
  });
});

describe('an address no region serves', () => {
  it('is refused for delivery in words that say what to do, and ordered once the buyer chooses a pickup', async () => {
    const me = visitorToken('v-london');
    const id = await newCheckout('v-london');
    const london = { country: 'GB', city: 'London', postalCode: 'NW1 6XE', addressLine: '221B Baker St' };
    const refused = await call(me, 'PATCH', `/ecom/v1/checkouts/${id}`, {
      checkout: {
        buyerInfo: { email: 'ada@example.com' },
        shippingInfo: { shippingDestination: { address: london } },
      },
    });
    expect(refused.statusCode).toBe(200);
    const checkout = refused.json().checkout;
    const words =
      'We do not deliver to United Kingdom. Choose store pickup below, or enter an address in a country we deliver to.';
    expect(checkout.violations).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', description: words }),
    );
    // The code "GB" is for apps; people read the country's name.
    expect(JSON.stringify(checkout.violations)).not.toMatch(/\bGB\b/);
    const order = await call(me, 'POST', `/ecom/v1/checkouts/${id}/create-order`, {
      paymentMethod: { type: 'OFFLINE' },
    });
    expect(order.statusCode).toBe(409);

    const collecting = await call(me, 'PATCH', `/ecom/v1/checkouts/${id}`, {
      checkout: { shippingInfo: { selectedCarrierServiceOption: { code: 'london' } } },
    });
    expect(collecting.statusCode).toBe(200);
    expect(collecting.json().checkout.violations ?? []).not.toContainEqual(
      expect.objectContaining({ severity: 'ERROR' }),
    );
    const placed = await call(me, 'POST', `/ecom/v1/checkouts/${id}/create-order`, {
      paymentMethod: { type: 'OFFLINE' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('needs no address at all for a pickup: the buyer’s name is enough', async () => {
    const me = visitorToken('v-pickup');
    const id = await newCheckout('v-pickup');
    const reply = await call(me, 'PATCH', `/ecom/v1/checkouts/${id}`, {
      checkout: {
        buyerInfo: { email: 'grace@example.com' },
        shippingInfo: {
          shippingDestination: { contactDetails: { firstName: 'Grace', lastName: 'Hopper' } },
          selectedCarrierServiceOption: { code: 'pickup-soho' },
        },
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const placed = await call(me, 'POST', `/ecom/v1/checkouts/${id}/create-order`, {
      paymentMethod: { type: 'OFFLINE' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
  });
});
