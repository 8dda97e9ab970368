import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.js';
import { ResponseCache } from '../../http/response-cache.js';
import {
  createTestApp,
  makeProduct,
  merchantKey,
  pollUntil,
  TEST_WRITE,
  type TestApp,
  testDatabaseKind,
} from '../../testing/index.js';
import { updateProduct } from './product-write.service.js';
import { decrementStock } from './stock.service.js';

let t: TestApp;
let owner: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
  productId = (
    await makeProduct(t.database.db, { name: 'Cached Mug', stock: { trackInventory: true, quantity: 5 } })
  ).record.id;
});
afterAll(() => t.close());

const read = async (url = `/stores-reader/v1/products/${productId}`, authorization?: string) => {
  const reply = await t.app.inject({ url, headers: authorization ? { authorization } : {} });
  return { cache: reply.headers['x-cache'], body: reply.json(), status: reply.statusCode };
};

/** NOTIFY reaches the listener after the commit, asynchronously on PostgreSQL: poll briefly. */
async function eventually(check: () => Promise<boolean>) {
  expect(await pollUntil(check, Boolean), 'the cache was not invalidated within 2 s').toBe(true);
}

describe('public catalog read cache', () => {
  it('serves shoppers from the cache and merchants never', async () => {
    // On PostgreSQL the NOTIFY of the set-up's own write may still be on its way: let it land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = await read(`/stores-reader/v1/products/${productId}?id=${productId}`);
    const second = await read(`/stores-reader/v1/products/${productId}?id=${productId}`);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.body).toEqual(first.body);
    const query = { query: { filter: { name: 'Cached Mug' } } };
    const post = () =>
      t.app.inject({ method: 'POST', url: '/stores-reader/v1/products/query-platformized', payload: query });
    expect([(await post()).headers['x-cache'], (await post()).headers['x-cache']]).toEqual(['miss', 'hit']);
    expect((await read(undefined, owner)).cache).toBeUndefined();
  });

  it('serves a hit byte for byte as the miss, with its length (text beyond ASCII)', async () => {
    const { record } = await makeProduct(t.database.db, { name: 'Crème brûlée dish ☕' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const get = () => t.app.inject({ url: `/stores-reader/v1/products/${record.id}` });
    const [miss, hit] = [await get(), await get()];
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    expect(hit.json().product.name).toBe('Crème brûlée dish ☕');
    expect(hit.headers['content-type']).toBe(miss.headers['content-type']);
  });

  it('drops the cache when a catalog write answers', async () => {
    await read();
    expect((await read()).cache).toBe('hit');
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/stores/v1/products/${productId}`,
      headers: { authorization: owner },
      payload: { product: { name: 'Renamed Mug' } },
    });
    expect(updated.statusCode).toBe(200);
    const after = await read();
    expect([after.cache, after.body.product.name]).toEqual(['miss', 'Renamed Mug']);
  });

  it('drops it on changes made outside HTTP, e.g. checkout taking stock, once they commit', async () => {
    await read();
    await t.database.db.transaction((tx) => decrementStock(tx, [{ productId, quantity: 2 }]));
    await eventually(async () => (await read()).body.product.stock.quantity === 3);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'drops it on changes committed by another process',
    async () => {
      await read();
      expect((await read()).cache).toBe('hit');
      const url = (t.database as { url?: string }).url as string;
      const other = await createDb({ kind: 'postgres', url, poolSize: 1 });
      try {
        await updateProduct(other.db, productId, { ribbon: 'From elsewhere' }, TEST_WRITE);
      } finally {
        await other.close();
      }
      await eventually(async () => (await read()).body.product.ribbon === 'From elsewhere');
    },
  );
});

describe('ResponseCache', () => {
  it('never stores a body read before an invalidation', () => {
    const cache = new ResponseCache({ ttlMs: 1000 });
    const version = cache.currentVersion;
    cache.invalidate();
    cache.set('k', 'old', version);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', 'new', cache.currentVersion);
    expect(cache.get('k')?.toString()).toBe('new');
  });

  it('expires entries and evicts the least recently used', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', '1', 0, 0);
    cache.set('b', '2', 0, 0);
    expect(cache.get('a', 10)?.toString()).toBe('1');
    cache.set('c', '3', 0, 10);
    expect(cache.get('b', 20)).toBeUndefined();
    expect(cache.get('a', 20)?.toString()).toBe('1');
    expect(cache.get('a', 5000)).toBeUndefined();
  });
});
