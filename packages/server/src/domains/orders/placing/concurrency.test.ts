import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  type TestProduct,
} from '../../../testing/ecom.js';
import { createTestApp, type TestApp, testDatabaseKind, visitorToken } from '../../../testing/index.js';
import { createCoupon, getCoupon } from '../../store-setup/promotions/coupons.service.js';
import { getGiftCard } from '../../store-setup/promotions/gift-cards.service.js';
import { orders } from '../orders.schema.js';

// The concurrency suite (issue 5). On PostgreSQL these are real races between 20 pooled connections;
// on PGlite the same requests are serialised, and the exact outcomes must hold there too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db); // a pickup location: physical orders need a way to be received
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });

/** A visitor with a checkout for `items`, ready to order (e-mail set, optionally a coupon/gift card). */
async function readyCheckout(visitor: string, items: object[], extra: Record<string, string> = {}) {
  const token = visitorToken(visitor);
  const added = await post(token, '/ecom/v1/carts/current/add-to-cart', { lineItems: items });
  expect(added.statusCode, added.body).toBe(200);
  const { checkoutId } = (
    await post(token, '/ecom/v1/carts/current/create-checkout', { channelType: 'WEB' })
  ).json();
  const updated = await t.app.inject({
    method: 'PATCH',
    url: `/ecom/v1/checkouts/${checkoutId}`,
    headers: { authorization: token },
    payload: { checkout: { buyerInfo: { email: `${visitor}@example.com` } }, ...extra },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { token, checkoutId: checkoutId as string };
}

const order = (token: string, checkoutId: string) =>
  post(token, `/ecom/v1/checkouts/${checkoutId}/create-order`);

describe(`concurrency (${testDatabaseKind()})`, () => {
  it('200 parallel adds to one cart lose nothing', async () => {
    const [a, b] = await Promise.all([
      createTestProduct(t.database.db, { name: 'Sticker', priceMinor: 100 }),
      createTestProduct(t.database.db, { name: 'Badge', priceMinor: 200 }),
    ]);
    const token = visitorToken('v-200');
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(token, '/ecom/v1/carts/current/add-to-cart', {
          lineItems: [lineItem(i % 2 ? (b as TestProduct).id : (a as TestProduct).id, 1 + (i % 3))],
        }),
      ),
    );
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const cart = (
      await t.app.inject({ url: '/ecom/v1/carts/current', headers: { authorization: token } })
    ).json().cart;
    const expected = (odd: number) =>
      Array.from({ length: 200 }, (_, i) => i)
        .filter((i) => i % 2 === odd)
        .reduce((s, i) => s + 1 + (i % 3), 0);
    const quantities = Object.fromEntries(
      cart.lineItems.map((l: { productName: { original: string }; quantity: number }) => [
        l.productName.original,
        l.quantity,
      ]),
    );
    expect(quantities).toEqual({ Sticker: expected(0), Badge: expected(1) });
    const [{ carts }] = (await queryRows<{ carts: string }>(
      t.database.db,
      sql`SELECT count(*) AS carts FROM carts WHERE owner_key = 'visitor:v-200'`,
    )) as [{ carts: string }];
    expect(Number(carts)).toBe(1);
  });

  it('50 buyers racing for 10 units sell exactly 10', async () => {
    const lamp = await createTestProduct(t.database.db, {
      name: 'Lamp',
      priceMinor: 4000,
      stock: { trackInventory: true, quantity: 10 },
    });
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await readyCheckout(`v-lamp-${i}`, [lineItem(lamp.id, 1)]));
    const replies = await Promise.all(buyers.map((b) => order(b.token, b.checkoutId)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    const refused = replies
      .filter((r) => r.statusCode !== 200)
      .map((r) => [r.statusCode, r.json().details.applicationError.code]);
    expect(new Set(refused.map(([status]) => status))).toEqual(new Set([409]));
    // Stock taken under the row lock (INSUFFICIENT_STOCK), or already gone when the checkout was priced.
    for (const [, code] of refused) expect(['INSUFFICIENT_STOCK', 'CHECKOUT_HAS_ERRORS']).toContain(code);
    const product = (await t.app.inject(`/stores-reader/v1/products/${lamp.id}`)).json().product;
    expect(product.stock.quantity).toBe(0);
  });

  it('20 concurrent create-order calls on one checkout make one order', async () => {
    const vase = await createTestProduct(t.database.db, {
      name: 'Vase',
      priceMinor: 2500,
      stock: { trackInventory: true, quantity: 5 },
    });
    const { token, checkoutId } = await readyCheckout('v-20', [lineItem(vase.id, 2)]);
    const replies = await Promise.all(Array.from({ length: 20 }, () => order(token, checkoutId)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(replies.map((r) => r.json().orderId));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId));
    expect(rows).toHaveLength(1);
    const product = (await t.app.inject(`/stores-reader/v1/products/${vase.id}`)).json().product;
    expect(product.stock.quantity).toBe(3);
  });

  it('a coupon limited to 5 uses is used exactly 5 times by 20 racing orders', async () => {
    const coupon = await createCoupon(t.database.db, {
      code: 'FIRST5',
      name: 'First five',
      kind: 'PERCENT',
      ppm: 200_000,
      usageLimit: 5,
    });
    const pen = await createTestProduct(t.database.db, { name: 'Pen', priceMinor: 500 });
    const buyers = [];
    for (let i = 0; i < 20; i++)
      buyers.push(await readyCheckout(`v-pen-${i}`, [lineItem(pen.id)], { couponCode: 'FIRST5' }));
    const replies = await Promise.all(buyers.map((b) => order(b.token, b.checkoutId)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const codes = new Set(
      replies.filter((r) => r.statusCode !== 200).map((r) => r.json().details.applicationError.code),
    );
    expect(codes).toEqual(new Set(['COUPON_USAGE_EXCEEDED']));
    expect((await getCoupon(t.database.db, coupon.id)).uses).toBe(5);
  });

  it('a gift card never goes negative under racing orders, and its ledger adds up', async () => {
    const card = await issueTestGiftCard(t.database.db, 3000);
    const cup = await createTestProduct(t.database.db, { name: 'Cup', priceMinor: 1250 });
    const buyers = [];
    for (let i = 0; i < 10; i++)
      buyers.push(await readyCheckout(`v-cup-${i}`, [lineItem(cup.id)], { giftCardCode: card.code }));
    const replies = await Promise.all(buyers.map((b) => order(b.token, b.checkoutId)));
    const failures = replies
      .filter((r) => r.statusCode !== 200)
      .map((r) => r.json().details.applicationError.code);
    expect(
      failures.every((code) => ['GIFT_CARD_INSUFFICIENT_BALANCE', 'GIFT_CARD_EMPTY'].includes(code)),
    ).toBe(true);
    const balance = (await getGiftCard(t.database.db, card.id)).balanceMinor;
    expect(balance).toBeGreaterThanOrEqual(0);
    const [ledger] = await queryRows<{ redeemed: string; count: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(-amount_minor), 0) AS redeemed, count(*) AS count FROM gift_card_transactions WHERE gift_card_id = ${card.id} AND kind = 'REDEEM'`,
    );
    expect(Number(ledger?.redeemed) + balance).toBe(3000);
    expect(Number(ledger?.count)).toBe(replies.length - failures.length);
    expect(replies.length - failures.length).toBeGreaterThanOrEqual(2);
  });
});
