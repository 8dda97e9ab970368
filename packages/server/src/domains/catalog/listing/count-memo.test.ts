import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureQueries } from '../../../db/query-count.js';
import {
  createTestApp,
  makeCollection,
  makeProduct,
  merchantKey,
  pollUntil,
  type TestApp,
} from '../../../testing/index.js';
import { queryProducts } from '../products/product-read.service.js';
import { decrementStock } from '../variants/stock.service.js';
import { CountMemo } from './count-memo.cache.js';

// Totals of public queries are counted once per filter and reused until the catalog changes (ADR 020).
// With the response cache off, as here, every request reaches the database: these tests prove the memo
// is used, and that no write — over HTTP, outside HTTP, by stock — leaves a stale total behind.
let t: TestApp;
let owner: string;
let kitchen: string;
let mugId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
  owner = await merchantKey(t.database, 'owner');
  kitchen = (await makeCollection(t.database.db, 'Kitchen')).id;
  mugId = (
    await makeProduct(t.database.db, {
      name: 'Mug',
      collectionIds: [kitchen],
      stock: { trackInventory: true, quantity: 2 },
    })
  ).record.id;
  await makeProduct(t.database.db, { name: 'Bowl', collectionIds: [kitchen] });
  // On PostgreSQL the NOTIFYs of the set-up's writes may still be on their way: let them land.
  await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => t.close());

const filter = () => ({ $and: [{ collectionIds: { $hasSome: [kitchen] } }, { inStock: true }] });

async function total(paging = { limit: 1, offset: 0 }, authorization?: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/stores-reader/v1/products/query-platformized',
    headers: authorization ? { authorization } : {},
    payload: { query: { filter: filter(), paging } },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().metadata.total as number;
}

async function eventually(expected: number) {
  expect(await pollUntil(total, (seen) => seen === expected)).toBe(expected);
}

/** The filter's page at `offset`, its total counted through `memo`. */
const queryWith = (memo: CountMemo, offset: number) =>
  queryProducts(t.database.db, {
    filter: filter(),
    paging: { limit: 1, offset },
    includeHidden: false,
    currency: 'USD',
    counts: memo,
  });

describe('public query totals', () => {
  it('are counted once per filter: later pages and visitors run the page alone', async () => {
    const memo = new CountMemo({ ttlMs: 60_000 });
    const run = (offset: number) => captureQueries(() => queryWith(memo, offset));
    const first = await run(0);
    const second = await run(1);
    expect([first.result.metadata.total, second.result.metadata.total]).toEqual([2, 2]);
    expect(first.statements[0]?.sql).toContain('count(*)');
    expect(second.statements.map((s) => s.sql.includes('count(*)'))).toEqual([false]);
  });

  it('are counted once when shoppers ask for the same filter at the same time', async () => {
    const memo = new CountMemo({ ttlMs: 60_000 });
    const { result, statements } = await captureQueries(() =>
      Promise.all([0, 1, 0, 1].map((offset) => queryWith(memo, offset))),
    );
    expect(result.map((page) => page.metadata.total)).toEqual([2, 2, 2, 2]);
    expect(statements.filter((s) => s.sql.includes('count(*)'))).toHaveLength(1);
  });

  it('follow a write answered over HTTP at once', async () => {
    expect(await total()).toBe(2);
    const created = await t.app.inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { authorization: owner },
      payload: { product: { name: 'Kettle', productType: 'physical', priceData: { price: 30 } } },
    });
    expect(created.statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: `/stores/v1/collections/${kitchen}/productIds`,
      headers: { authorization: owner },
      payload: { productIds: [created.json().product.id] },
    });
    expect(added.statusCode).toBe(200);
    expect(await total()).toBe(3);
    expect(await total({ limit: 1, offset: 2 })).toBe(3);
  });

  it('follow stock taken outside HTTP once it commits', async () => {
    expect(await total()).toBe(3);
    await t.database.db.transaction((tx) => decrementStock(tx, [{ productId: mugId, quantity: 2 }]));
    await eventually(2);
  });

  it('are always counted afresh for merchants', async () => {
    expect(await total(undefined, owner)).toBe(2);
  });
});
