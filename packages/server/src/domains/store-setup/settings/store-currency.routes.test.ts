import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { queryRows } from '../../../db/client.js';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../../testing/ecom.js';
import { createTestApp, merchantKey, pollUntil, type TestApp, visitorToken } from '../../../testing/index.js';
import { NEW_YORK_DELIVERY, sandboxCard } from '../../../testing/orders.js';

/*
 * The store currency set in the admin (issue #37 item 3, ADR 050): STORE_CURRENCY until the owner sets
 * one; changed only before the first order and only to a currency with as many decimal places; what
 * the shop shows, carts and checkouts price and orders record follow it, in this app and in another
 * app on the same database (as a second server process would, through PostgreSQL's NOTIFY).
 */
let t: TestApp;
let other: FastifyInstance;
let owner: string;
let staff: string;
let mug: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ env: { STORE_CURRENCY: 'USD' } });
  // A second app on the same database: its own caches, as another server process has.
  other = await buildApp({ config: t.config, database: t.database, logger: false, storefront: false });
  await other.ready();
  owner = await merchantKey(t.database, 'owner');
  staff = await merchantKey(t.database, 'staff');
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const currencyCall = (app: FastifyInstance, token: string, currency?: string | null) =>
  app.inject({
    method: currency === undefined ? 'GET' : 'PUT',
    url: '/admin-api/v1/store-currency',
    headers: { authorization: token },
    ...(currency === undefined ? {} : { payload: { currency } }),
  });
const productCurrency = async (app: FastifyInstance) => {
  const reply = await app.inject({ url: `/stores/v1/products/${mug.id}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().product.priceData.currency as string;
};
const storedCurrencies = async () =>
  queryRows<{ settings: string | null; products: string }>(
    t.database.db,
    sql`SELECT (SELECT currency FROM store_settings WHERE id = 'store') AS settings,
               string_agg(DISTINCT currency, ',') AS products FROM products`,
  );
const errorCode = (reply: { json(): unknown }) =>
  (reply.json() as { details: { applicationError: { code: string } } }).details.applicationError.code;
const violatedFields = (reply: { json(): unknown }) =>
  (
    reply.json() as { details: { validationError: { fieldViolations: { field: string }[] } } }
  ).details.validationError.fieldViolations.map((v) => v.field);

let shoppers = 0;
async function buy(app: FastifyInstance) {
  const token = visitorToken(`v-currency-${++shoppers}`);
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await app.inject({ method, url, headers: { authorization: token }, payload });
    expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
    return reply.json();
  };
  const { cart } = await call('POST', '/ecom/v1/carts/current/add-to-cart', {
    lineItems: [lineItem(mug.id)],
  });
  const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', {});
  const { checkout } = await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: { buyerInfo: { email: 'buyer@example.com' }, shippingInfo: NEW_YORK_DELIVERY },
  });
  const { orderId } = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: sandboxCard(),
  });
  const [order] = await queryRows<{ currency: string }>(
    t.database.db,
    sql`SELECT currency FROM orders WHERE id = ${orderId}`,
  );
  return { cart: cart.currency, checkout: checkout.currency, order: order?.currency };
}

describe('the store currency', () => {
  it('is STORE_CURRENCY until set, offered as the currencies with as many decimal places', async () => {
    const reply = await currencyCall(t.app, staff);
    expect(reply.statusCode, reply.body).toBe(200);
    const { storeCurrency } = reply.json();
    expect(storeCurrency).toMatchObject({
      currency: 'USD',
      isDefault: true,
      defaultCurrency: 'USD',
      minorUnits: 2,
      changeable: true,
    });
    expect(storeCurrency.lockedReason).toBeUndefined();
    expect(storeCurrency.choices).toContainEqual({ code: 'EUR', name: 'Euro' });
    const codes = storeCurrency.choices.map((choice: { code: string }) => choice.code);
    expect(codes).not.toContain('JPY');
    expect(codes).not.toContain('BHD');
  });

  it('is changed by the owner only', async () => {
    expect((await currencyCall(t.app, staff, 'EUR')).statusCode).toBe(403);
    expect(await storedCurrencies()).toEqual([{ settings: null, products: 'USD' }]);
  });

  it('refuses a code that is no ISO 4217 currency with a 400 naming `currency`', async () => {
    for (const code of ['EURO', 'XYZ', 'eu', 'U$D']) {
      const reply = await currencyCall(t.app, owner, code);
      expect(reply.statusCode, `${code}: ${reply.body}`).toBe(400);
      expect(violatedFields(reply)).toEqual(['currency']);
    }
    expect(await storedCurrencies()).toEqual([{ settings: null, products: 'USD' }]);
  });

  it('refuses a currency whose minor unit differs (prices are stored in it): 409 saying why', async () => {
    for (const code of ['JPY', 'BHD']) {
      const reply = await currencyCall(t.app, owner, code);
      expect(reply.statusCode, reply.body).toBe(409);
      expect(errorCode(reply)).toBe('CURRENCY_MINOR_UNITS_DIFFER');
      expect(reply.json().message).toContain('decimal places');
    }
    expect(await productCurrency(t.app)).toBe('USD');
  });

  it('two changes racing leave one currency, the same in the settings, the catalog and both apps', async () => {
    const replies = await Promise.all([currencyCall(t.app, owner, 'GBP'), currencyCall(other, owner, 'CHF')]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const [stored] = await storedCurrencies();
    expect(['GBP', 'CHF']).toContain(stored?.settings);
    expect(stored?.products).toBe(stored?.settings);
    for (const app of [t.app, other]) {
      const seen = await pollUntil(
        () => productCurrency(app),
        (currency) => currency === stored?.settings,
      );
      expect(seen).toBe(stored?.settings);
      expect((await currencyCall(app, staff)).json().storeCurrency.currency).toBe(stored?.settings);
    }
  });

  it('changed in one app, is what the other app prices in once the change reaches it', async () => {
    const reply = await currencyCall(other, owner, 'EUR');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().storeCurrency).toMatchObject({ currency: 'EUR', isDefault: false, changeable: true });
    // The app that made the change prices in it at once; the other app once its NOTIFY arrives.
    expect(await productCurrency(other)).toBe('EUR');
    expect(
      await pollUntil(
        () => productCurrency(t.app),
        (currency) => currency === 'EUR',
      ),
    ).toBe('EUR');
    expect(await storedCurrencies()).toEqual([{ settings: 'EUR', products: 'EUR' }]);
  });

  it('records who changed it, from what to what', async () => {
    const events = await queryRows<{ payload: { previousCurrency: string; currency: string } }>(
      t.database.db,
      sql`SELECT payload FROM outbox_events WHERE type = 'store.settings.currency_changed' ORDER BY seq`,
    );
    expect(events.at(-1)?.payload).toMatchObject({ currency: 'EUR' });
    expect(events).toHaveLength(3);
  });

  it('prices the cart and checkout and records the order in it, then is locked: 409 saying what to do', async () => {
    expect(await buy(t.app)).toEqual({ cart: 'EUR', checkout: 'EUR', order: 'EUR' });
    const refused = await currencyCall(t.app, owner, 'USD');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorCode(refused)).toBe('CURRENCY_LOCKED');
    expect(refused.json().message).toContain('the store has orders');
    expect(refused.json().details.applicationError.description).toContain('before the first order');
    // Going back to STORE_CURRENCY is a change of currency too.
    const backToDefault = await currencyCall(other, owner, null);
    expect(backToDefault.statusCode, backToDefault.body).toBe(409);
    expect(errorCode(backToDefault)).toBe('CURRENCY_LOCKED');
    const { storeCurrency } = (await currencyCall(t.app, staff)).json();
    expect(storeCurrency).toMatchObject({ currency: 'EUR', changeable: false });
    expect(storeCurrency.lockedReason).toContain('before the first order');
    expect(storeCurrency.choices).toEqual([{ code: 'EUR', name: 'Euro' }]);
    expect(await storedCurrencies()).toEqual([{ settings: 'EUR', products: 'EUR' }]);
    // Setting the very currency it has changes nothing, and is no error.
    expect((await currencyCall(t.app, owner, 'EUR')).statusCode).toBe(200);
  });
});
