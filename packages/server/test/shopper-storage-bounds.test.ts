import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../src/testing/ecom.js';
import { createTestApp, type TestApp, visitorToken } from '../src/testing/index.js';

// Issue #20: what one shopper can make the store keep is bounded at the schema (maxLength, maxItems,
// maxProperties) and, where it accumulates, in total (a cart's 300 lines). shopper-schema-audit.test.ts
// holds every shopper-callable request schema to that; the cases here send each bound's limit, then one
// more, and read back that the refused request changed nothing.

let t: TestApp;
let mug: TestProduct;
let ring: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  ring = await createTestProduct(t.database.db, {
    name: 'Ring',
    priceMinor: 5000,
    customTextFields: [{ title: 'Engraving', maxLength: 20, mandatory: false }],
  });
});
afterAll(() => t.close());

type Reply = { statusCode: number; body: string; json(): unknown };
const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

function expectRefused(reply: Reply, field: string, rule: string) {
  expect(reply.statusCode, reply.body).toBe(400);
  const { fieldViolations } = (
    reply.json() as { details: { validationError: { fieldViolations: object[] } } }
  ).details.validationError;
  expect(fieldViolations).toContainEqual(expect.objectContaining({ field, violatedRule: rule }));
}

/**
 * `send(limit)` is accepted; `send(limit + 1)` is a 400 naming `field` and `rule`, and `read()` (what is
 * stored) is the same after it as before.
 */
async function atLimitThenPast(
  send: (n: number) => Promise<Reply>,
  limit: number,
  field: string,
  rule: string,
  read: () => Promise<unknown>,
) {
  const atLimit = await send(limit);
  expect(atLimit.statusCode, atLimit.body.slice(0, 500)).toBe(200);
  const stored = await read();
  expectRefused(await send(limit + 1), field, rule);
  expect(await read()).toEqual(stored);
}

const text = (n: number) => 'x'.repeat(n);
const entries = (n: number, value: (i: number) => unknown) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(i)]));

describe('cart bounds, at the limit and one past it', () => {
  const me = visitorToken('v-cart-bounds');
  const cart = async () => (await send(me, 'GET', '/ecom/v1/carts/current')).json();
  const patch = (payload: object) => send(me, 'PATCH', '/ecom/v1/carts/current', payload);

  it('buyer note: 1000 characters', () =>
    atLimitThenPast(
      (n) => patch({ cartInfo: { buyerNote: text(n) } }),
      1000,
      'cartInfo.buyerNote',
      'MAX_LENGTH',
      cart,
    ));

  it('contact address: a city of 100 characters, a street of 200', async () => {
    const address = (field: string, n: number) => ({
      cartInfo: { contactInfo: { address: { [field]: text(n) } } },
    });
    await atLimitThenPast(
      (n) => patch(address('city', n)),
      100,
      'cartInfo.contactInfo.address.city',
      'MAX_LENGTH',
      cart,
    );
    await atLimitThenPast(
      (n) => patch(address('addressLine', n)),
      200,
      'cartInfo.contactInfo.address.addressLine',
      'MAX_LENGTH',
      cart,
    );
  });

  it('contact details: a first name of 100 characters', () =>
    atLimitThenPast(
      (n) => patch({ cartInfo: { contactInfo: { contactDetails: { firstName: text(n) } } } }),
      100,
      'cartInfo.contactInfo.contactDetails.firstName',
      'MAX_LENGTH',
      cart,
    ));

  it('lines per request: 100; quantity: 99,999', async () => {
    const add = (items: object[]) =>
      send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: items });
    await atLimitThenPast(
      (n) => add(Array.from({ length: n }, () => lineItem(mug.id))),
      100,
      'lineItems',
      'MAX_SIZE',
      cart,
    );
    const other = visitorToken('v-cart-quantity');
    await atLimitThenPast(
      (n) => send(other, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, n)] }),
      99_999,
      'lineItems[0].quantity',
      'MAX',
      async () => (await send(other, 'GET', '/ecom/v1/carts/current')).json(),
    );
  });

  it('lines in all: 300, however many requests bring them', async () => {
    const shopper = visitorToken('v-cart-300');
    const engraved = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        lineItem(ring.id, 1, { customTextFields: { Engraving: `#${from + i}` } }),
      );
    for (let from = 0; from < 300; from += 100) {
      const reply = await send(shopper, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        lineItems: engraved(from, 100),
      });
      expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
    }
    const before = (await send(shopper, 'GET', '/ecom/v1/carts/current')).json();
    expect(before.cart.lineItems).toHaveLength(300);
    const over = await send(shopper, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: engraved(300, 1),
    });
    expectRefused(over, 'lineItems', 'MAX_SIZE');
    expect((await send(shopper, 'GET', '/ecom/v1/carts/current')).json()).toEqual(before);
  });

  it('coupon code: 60 characters', async () => {
    // At 60 the code is looked up (and not found); past it the schema refuses it without a look-up.
    const atLimit = await patch({ couponCode: text(60) });
    expect(JSON.stringify(atLimit.json())).not.toContain('MAX_LENGTH');
    expectRefused(await patch({ couponCode: text(61) }), 'couponCode', 'MAX_LENGTH');
  });
});

describe('checkout bounds, at the limit and one past it', () => {
  const me = visitorToken('v-checkout-bounds');
  let url: string;
  const checkout = async () => (await send(me, 'GET', url)).json();
  const patch = (info: object) => send(me, 'PATCH', url, { checkout: info });
  beforeAll(async () => {
    await send(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id)] });
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    url = `/ecom/v1/checkouts/${checkoutId}`;
  });

  it('custom fields: 20 of them', () =>
    atLimitThenPast(
      (n) =>
        patch({ customFields: Array.from({ length: n }, (_, i) => ({ title: `Field ${i}`, value: i })) }),
      20,
      'checkout.customFields',
      'MAX_SIZE',
      checkout,
    ));

  it('a custom field value: a text of 1000 characters, and no objects', async () => {
    await atLimitThenPast(
      (n) => patch({ customFields: [{ title: 'Gift message', value: text(n) }] }),
      1000,
      'checkout.customFields[0].value',
      'MAX_LENGTH',
      checkout,
    );
    const stored = await checkout();
    expectRefused(
      await patch({ customFields: [{ title: 'Nested', value: { deep: entries(1000, () => text(500)) } }] }),
      'checkout.customFields[0].value',
      'VALIDATION',
    );
    expect(await checkout()).toEqual(stored);
  });

  it('a custom field title: 500 characters (the platform’s limit)', () =>
    atLimitThenPast(
      (n) => patch({ customFields: [{ title: text(n), value: true }] }),
      500,
      'checkout.customFields[0].title',
      'MAX_LENGTH',
      checkout,
    ));

  it('buyer note: 1000 characters; a billing postal code: 20', async () => {
    await atLimitThenPast(
      (n) => patch({ buyerNote: text(n) }),
      1000,
      'checkout.buyerNote',
      'MAX_LENGTH',
      checkout,
    );
    await atLimitThenPast(
      // A country without a postal-code format (Bolivia): a US ZIP of 20 letters is refused by its format.
      (n) => patch({ billingInfo: { address: { country: 'BO', postalCode: text(n) } } }),
      20,
      'checkout.billingInfo.address.postalCode',
      'MAX_LENGTH',
      checkout,
    );
  });
});

describe('redirect session bounds', () => {
  const me = visitorToken('v-redirect-bounds');
  const create = (payload: object) => send(me, 'POST', '/_api/redirects-api/v1/redirect-session', payload);

  it('additional query parameters: 20 of them', async () => {
    const withParams = (n: number) =>
      create({
        storesProduct: { productSlug: 'mug' },
        preferences: { additionalQueryParameters: entries(n, String) },
      });
    expect((await withParams(20)).statusCode, (await withParams(20)).body).toBe(200);
    expectRefused(await withParams(21), 'preferences.additionalQueryParameters', 'MAX_SIZE');
  });

  it('login takes no parameters (the platform’s RedirectSessionLoginParams is empty)', async () => {
    expectRefused(await create({ login: { note: text(500_000) } }), 'login.note', 'FIELD_NOT_ALLOWED');
  });
});
