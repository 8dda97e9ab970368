import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.js';
import { createTestProduct, lineItem, type TestProduct } from '../../testing/ecom.js';
import {
  createTestApp,
  merchantKey,
  pollUntil,
  TEST_WRITE,
  type TestApp,
  testDatabaseKind,
  visitorToken,
} from '../../testing/index.js';
import { ProductRecordCache } from '../catalog/products/product-record.cache.js';
import { updateProduct } from '../catalog/products/product-write.service.js';
import { decrementStock } from '../catalog/variants/stock.service.js';
import { listEntityEvents } from '../events/events.service.js';

/*
 * What this process remembers between cart changes (ADR 022) — the shopper's last cart row and the
 * products it read — must never make an add lose a change made elsewhere or price from a stale product.
 */
let t: TestApp;
let owner: string;
let mug: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
  mug = await createTestProduct(t.database.db, {
    name: 'Memo Mug',
    priceMinor: 1000,
    stock: { trackInventory: true, quantity: 20 },
  });
});
afterAll(() => t.close());

const add = (token: string, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/ecom/v1/carts/current/add-to-cart',
    headers: { authorization: token },
    payload: { lineItems: [lineItem(mug.id, quantity)] },
  });

describe(`the remembered cart (${testDatabaseKind()})`, () => {
  it('starts the next add from the stored cart when another process changed it since', async () => {
    const shopper = visitorToken('v-memo-stale');
    expect((await add(shopper)).statusCode).toBe(200);
    // Another server process changes the cart (every change bumps the version, as theirs would).
    await t.database.db.execute(sql`
      UPDATE carts SET version = version + 1,
        lines = jsonb_set(lines, '{0,quantity}', '5'::jsonb)
      WHERE owner_key = ${'visitor:v-memo-stale'}`);
    const reply = await add(shopper);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().cart.lineItems[0].quantity).toBe(6);
    const stored = await t.app.inject({ url: '/ecom/v1/carts/current', headers: { authorization: shopper } });
    expect(stored.json().cart.lineItems[0].quantity).toBe(6);
  });

  it('makes a new cart when the remembered one was deleted elsewhere (its order was placed)', async () => {
    const shopper = visitorToken('v-memo-gone');
    const first = (await add(shopper, 2)).json().cart;
    await t.database.db.execute(sql`DELETE FROM carts WHERE id = ${first.id}`);
    const reply = await add(shopper);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().cart.id).not.toBe(first.id);
    expect(reply.json().cart.lineItems[0].quantity).toBe(1);
  });
});

const lines = (token: string, path: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/ecom/v1/carts/current/${path}`,
    headers: { authorization: token },
    payload,
  });

describe(`line changes without a lock (${testDatabaseKind()})`, () => {
  it('finds a line another process added since this one remembered the cart', async () => {
    const shopper = visitorToken('v-memo-new-line');
    const cart = (await add(shopper)).json().cart;
    const added = '0190f1a2-0000-7000-8000-00000000abcd';
    await t.database.db.execute(sql`
      UPDATE carts SET version = version + 1,
        lines = lines || jsonb_build_array(jsonb_set(lines->0, '{id}', ${JSON.stringify(added)}::jsonb))
      WHERE id = ${cart.id}`);
    const reply = await lines(shopper, 'update-line-items-quantity', {
      lineItems: [{ id: added, quantity: 4 }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().cart.lineItems.map((line: { quantity: number }) => line.quantity)).toEqual([1, 4]);
    const removed = await lines(shopper, 'remove-line-items', { lineItemIds: [cart.lineItems[0].id] });
    expect(removed.json().cart.lineItems.map((line: { id: string }) => line.id)).toEqual([added]);
  });

  it('still refuses a line that does not exist', async () => {
    const shopper = visitorToken('v-memo-no-line');
    await add(shopper);
    const reply = await lines(shopper, 'update-line-items-quantity', {
      lineItems: [{ id: '0190f1a2-0000-7000-8000-00000000ffff', quantity: 2 }],
    });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
  });

  it('applies every one of many parallel quantity changes once, in some order', async () => {
    const shopper = visitorToken('v-memo-race');
    const cart = (await add(shopper)).json().cart;
    const lineId = cart.lineItems[0].id;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        lines(shopper, 'update-line-items-quantity', { lineItems: [{ id: lineId, quantity: i + 2 }] }),
      ),
    );
    for (const [i, reply] of replies.entries()) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().cart.lineItems[0].quantity).toBe(i + 2);
    }
    const events = await listEntityEvents(t.database.db, 'cart', cart.id);
    const updates = events.filter((event) => event.type === 'ecom.cart.updated');
    expect(updates).toHaveLength(12);
    const last = updates.at(-1)?.payload.cart as { lineItems: { quantity: number }[] };
    const stored = await t.app.inject({ url: '/ecom/v1/carts/current', headers: { authorization: shopper } });
    expect(stored.json().cart.lineItems[0].quantity).toBe(last.lineItems[0]?.quantity);
  });
});

describe(`remembered products (${testDatabaseKind()})`, () => {
  it('prices the next add at a price changed through the API', async () => {
    const shopper = visitorToken('v-memo-price');
    expect((await add(shopper)).json().cart.lineItems[0].price.amount).toBe('10.00');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/stores/v1/products/${mug.id}`,
      headers: { authorization: owner },
      payload: { product: { priceData: { price: 12 } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await add(shopper)).json().cart.lineItems[0].price.amount).toBe('12.00');
  });

  it('sees stock taken by an order once it commits', async () => {
    expect((await add(visitorToken('v-memo-stock'), 3)).statusCode).toBe(200);
    // 20 in stock, 18 taken: 2 are left, so a new cart of 3 is refused. Each attempt is a new
    // shopper's first add, so polling for the NOTIFY never piles quantities up.
    await t.database.db.transaction((tx) => decrementStock(tx, [{ productId: mug.id, quantity: 18 }]));
    let attempt = 0;
    const reply = await pollUntil(
      () => add(visitorToken(`v-memo-stock-${++attempt}`), 3),
      (r) => r.statusCode === 409,
    );
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.body).toContain('INSUFFICIENT_STOCK');
  });

  it.runIf(testDatabaseKind() === 'postgres')('sees a change committed by another process', async () => {
    const shopper = visitorToken('v-memo-elsewhere');
    await add(shopper);
    const url = (t.database as { url?: string }).url as string;
    const other = await createDb({ kind: 'postgres', url, poolSize: 1 });
    try {
      await updateProduct(other.db, mug.id, { name: 'Renamed elsewhere' }, TEST_WRITE);
    } finally {
      await other.close();
    }
    const reply = await pollUntil(
      async () => (await add(visitorToken('v-memo-elsewhere-2'))).json(),
      (body) => body.cart?.lineItems[0].productName.original === 'Renamed elsewhere',
    );
    expect(reply.cart.lineItems[0].productName.original).toBe('Renamed elsewhere');
  });
});

describe('ProductRecordCache', () => {
  it('never keeps a record read before a catalog change', () => {
    const cache = new ProductRecordCache({ ttlMs: 1000 });
    const record = { id: 'p1', name: 'Old' } as never;
    const version = cache.version;
    cache.invalidate();
    cache.set(record, version);
    expect(cache.get('p1')).toBeUndefined();
    cache.set(record, cache.version, 0);
    expect(cache.get('p1', 10)).toBeDefined();
    expect(cache.get('p1', 5000)).toBeUndefined();
  });
});
