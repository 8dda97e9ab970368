import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../db/query-count.js';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  type TestProduct,
} from '../../testing/ecom.js';
import { createTestApp, type TestApp, testDatabaseKind, visitorToken } from '../../testing/index.js';

// SQL round trips per call, pinned so they cannot creep up unnoticed (issue 5 asked add-to-cart ≤ 6,
// create-order ≤ 15; add-to-cart is now at most 3 without a transaction — ADR 021 — and 1 once this
// process has seen the cart and its products — ADR 022 — and create-order 9). On PostgreSQL BEGIN and
// COMMIT are round trips too and are counted; PGlite runs them inside its own transaction call.
const BEGIN_COMMIT = testDatabaseKind() === 'postgres' ? 2 : 0;
let t: TestApp;
let mug: TestProduct;
let lamp: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  mug = await createTestProduct(t.database.db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 100 },
  });
  lamp = await createTestProduct(t.database.db, {
    name: 'Lamp',
    priceMinor: 4000,
    stock: { trackInventory: true, quantity: 100 },
  });
});
afterAll(() => t.close());

const measured = async (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  // inject() returns a lazy thenable: await it inside the counted block, or it runs outside it.
  const { result, queries } = await countQueries(
    async () =>
      await t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) }),
  );
  expect(result.statusCode, result.body).toBe(200);
  return { queries, json: result.json() };
};

describe(`SQL round trips per call (${testDatabaseKind()})`, () => {
  const me = visitorToken('v-counted');
  const counts: Record<string, number> = {};

  it('add-to-cart: 3, no transaction; 1 once the cart and its products were seen', async () => {
    // On PostgreSQL the NOTIFY of the set-up's catalog writes may still be on its way: let it land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    counts.firstAdd = (
      await measured(me, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 1)] })
    ).queries;
    counts.laterAdd = (
      await measured(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        lineItems: [lineItem(lamp.id, 1), lineItem(mug.id, 2)],
      })
    ).queries;
    counts.repeatAdd = (
      await measured(me, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        lineItems: [lineItem(lamp.id, 1), lineItem(mug.id, 1)],
      })
    ).queries;
    // Read the cart, read its products, write lines + event in one statement; the cart this process
    // wrote last is not read again, nor are products it read since the catalog last changed.
    expect(counts.firstAdd).toBeLessThanOrEqual(3);
    expect(counts.laterAdd).toBeLessThanOrEqual(2);
    expect(counts.repeatAdd).toBe(1);
    counts.getCart = (await measured(me, 'GET', '/ecom/v1/carts/current')).queries;
    expect(counts.getCart).toBeLessThanOrEqual(2);
  });

  it('quantity change and removal: 1 each once the cart was seen, no transaction', async () => {
    const other = visitorToken('v-counted-lines');
    const { json } = await measured(other, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [lineItem(mug.id, 1), lineItem(lamp.id, 1)],
    });
    const [mugLine, lampLine] = json.cart.lineItems;
    const quantity = await measured(other, 'POST', '/ecom/v1/carts/current/update-line-items-quantity', {
      lineItems: [{ id: mugLine.id, quantity: 3 }],
    });
    expect(quantity.json.cart.lineItems[0].quantity).toBe(3);
    const removal = await measured(other, 'POST', '/ecom/v1/carts/current/remove-line-items', {
      lineItemIds: [lampLine.id],
    });
    expect(removal.json.cart.lineItems).toHaveLength(1);
    expect([quantity.queries, removal.queries]).toEqual([1, 1]);
  });

  it('create-order: at most 9 statements with two products, a coupon and a gift card', async () => {
    const card = await issueTestGiftCard(t.database.db, 1000);
    await measured(me, 'PATCH', '/ecom/v1/carts/current', { couponCode: 'SAVE10' });
    const { json } = await measured(me, 'POST', '/ecom/v1/carts/current/create-checkout', {
      channelType: 'WEB',
    });
    const checkoutId = json.checkoutId as string;
    const update = await measured(me, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: { buyerInfo: { email: 'count@example.com' } },
      giftCardCode: card.code,
    });
    counts.updateCheckout = update.queries;
    counts.estimate = (
      await measured(me, 'POST', '/ecom/v1/carts/current/estimate-totals', {
        shippingAddress: { country: 'US', subdivision: 'US-NY' },
      })
    ).queries;
    expect(counts.estimate).toBeLessThanOrEqual(3);
    process.env.PRINT_SQL = '1';
    const order = await measured(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    delete process.env.PRINT_SQL;
    counts.createOrder = order.queries;
    expect(order.json.orderId).toBeTruthy();
    // lock checkout, products, set-up, lock variants, stock (+NOTIFY), coupon and gift card, order,
    // checkout completed (+cart deleted), outbox events.
    expect(counts.createOrder).toBeLessThanOrEqual(9 + BEGIN_COMMIT);
    counts.createOrderRetry = (
      await measured(me, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {})
    ).queries;
    expect(counts.createOrderRetry).toBeLessThanOrEqual(5);
    console.info(`query counts (${testDatabaseKind()}): ${JSON.stringify(counts)}`);
  });
});
