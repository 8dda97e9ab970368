import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureQueries } from '../../db/query-count.js';
import { createTestProduct, lineItem, type TestProduct } from '../../testing/ecom.js';
import { createTestApp, type TestApp, testDatabaseKind, visitorToken } from '../../testing/index.js';

/*
 * What an app remembers between requests — the last cart row per shopper (ADR 022's cart memo) and the
 * product records carts price from — belongs to that app (its AppContext), not to the process: two apps
 * in one process on separate databases (tests, a CLI beside a server) never see each other's.
 * This file needs two apps by its nature.
 */
let a: TestApp;
let b: TestApp;
let onlyInA: TestProduct;
let onlyInB: TestProduct;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  expect(a.config.catalogCacheSeconds).toBeGreaterThan(0);
  [onlyInA, onlyInB] = await Promise.all([
    createTestProduct(a.database.db, { name: 'A Mug', priceMinor: 1000 }),
    createTestProduct(b.database.db, { name: 'B Mug', priceMinor: 2000 }),
  ]);
});
afterAll(() => Promise.all([a?.close(), b?.close()]));

// The same shopper (one visitor id) in both stores.
const shopper = visitorToken('v-two-apps');
const add = (t: TestApp, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/ecom/v1/carts/current/add-to-cart',
    headers: { authorization: shopper },
    payload: { lineItems: [lineItem(productId)] },
  });
const cartReads = (statements: { sql: string }[]) =>
  statements.filter((statement) => /^\s*select\b[\s\S]*\bfrom "carts"/i.test(statement.sql));

describe(`two apps in one process (${testDatabaseKind()})`, () => {
  it('do not share product records: a product cached by one is not found through the other', async () => {
    const inA = await add(a, onlyInA.id);
    expect(inA.statusCode, inA.body).toBe(200);
    // A now keeps the record; B's database has no such product, and B must say so.
    const inB = await add(b, onlyInA.id);
    expect(inB.statusCode, inB.body).toBe(400);
    expect(inB.body).toContain(onlyInA.id);
  });

  it("do not share cart memos: each app's next add starts from the row it remembers, reading no cart", async () => {
    const first = await add(b, onlyInB.id);
    expect(first.statusCode, first.body).toBe(200);
    // The same shopper's cart in A, remembered by A after B remembered its own.
    expect((await add(a, onlyInA.id)).statusCode).toBe(200);
    const { result, statements } = await captureQueries(() => add(b, onlyInB.id));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().cart.id).toBe(first.json().cart.id);
    expect(result.json().cart.lineItems).toMatchObject([{ quantity: 2 }]);
    // Had B started from A's row, its write would have missed and it would have read its cart afresh.
    expect(cartReads(statements)).toEqual([]);
  });
});
