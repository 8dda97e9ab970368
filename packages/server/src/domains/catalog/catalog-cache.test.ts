import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.js';
import { ResponseCache } from '../../lib/http/response-cache.js';
import {
  createTestApp,
  makeProduct,
  merchantKey,
  pollUntil,
  TEST_WRITE,
  type TestApp,
  testDatabaseKind,
} from '../../testing/index.js';
import { updateProduct } from './products/product-write.service.js';
import { decrementStock } from './variants/stock.service.js';

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

describe('compressed hits', () => {
  const listUrl = `/stores-reader/v1/products/query-platformized?.r=${Buffer.from(
    JSON.stringify({ query: { filter: {}, paging: { limit: 10, offset: 0 } } }),
  ).toString('base64url')}`;
  const get = (acceptEncoding?: string, url = listUrl) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends hits compressed once compressed, decoding to the very bytes of the plain reply', async () => {
    for (let i = 0; i < 4; i++) await makeProduct(t.database.db, { name: `Compressed mug ${i}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const plain = await get();
    expect(plain.headers['x-cache']).toBe('miss');
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    // The first hit that asks is sent plain while the entry is compressed in the background.
    const first = await get('gzip, deflate, br');
    expect([first.headers['x-cache'], first.headers['content-encoding']]).toEqual(['hit', undefined]);
    expect(first.rawPayload.equals(plain.rawPayload)).toBe(true);

    const br = await pollUntil(
      () => get('gzip, deflate, br'),
      (r) => r.headers['content-encoding'] === 'br',
    );
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(br.headers.vary).toContain('Accept-Encoding');

    const gz = await pollUntil(
      () => get('gzip'),
      (r) => r.headers['content-encoding'] === 'gzip',
    );
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Clients that accept neither, or send no header, get the plain bytes.
    for (const header of ['identity', 'br;q=0, gzip;q=0', undefined]) {
      const reply = await get(header);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });

  it('drops compressed bytes with the entry when the catalog changes', async () => {
    await pollUntil(
      () => get('br'),
      (r) => r.headers['content-encoding'] === 'br',
    );
    const before = (await get()).json();
    const changed = before.products[0];
    await t.app.inject({
      method: 'PATCH',
      url: `/stores/v1/products/${changed.id}`,
      headers: { authorization: owner },
      payload: { product: { description: 'Freshly described' } },
    });
    const after = await get('br');
    expect([after.headers['x-cache'], after.headers['content-encoding']]).toEqual(['miss', undefined]);
    expect(after.json().products[0].description).toBe('Freshly described');
    const compressed = await pollUntil(
      () => get('br'),
      (r) => r.headers['content-encoding'] === 'br',
    );
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()).products[0].description).toBe(
      'Freshly described',
    );
  });

  it("keeps CORS's Vary: Origin beside Accept-Encoding", async () => {
    const url = `/stores-reader/v1/products/${productId}?vary=1`;
    const ask = () =>
      t.app.inject({ url, headers: { 'accept-encoding': 'br', origin: 'https://shop.example' } });
    await ask();
    const hit = await ask();
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers.vary).toMatch(/^Origin, Accept-Encoding$/i);
  });
});

describe('ResponseCache', () => {
  it('compresses bodies of 1 KB and more, once per coding, and never small ones', async () => {
    const cache = new ResponseCache({ ttlMs: 1000 });
    cache.set('small', 'x'.repeat(1023), 0);
    cache.set('large', JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ i, name: 'mug' }))), 0);
    const small = cache.get('small');
    const large = cache.get('large');
    if (!small || !large) throw new Error('both entries should be cached');
    expect(cache.bytesFor('small', small, 'br')).toEqual({ bytes: small.body });
    expect(cache.bytesFor('large', large, 'br')).toEqual({ bytes: large.body });
    await pollUntil(async () => large.coded.br, Boolean);
    expect(cache.bytesFor('large', large, 'br').coding).toBe('br');
    expect(small.asked.size).toBe(0);
  });

  it('never stores a body read before an invalidation', () => {
    const cache = new ResponseCache({ ttlMs: 1000 });
    const version = cache.currentVersion;
    cache.invalidate();
    cache.set('k', 'old', version);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', 'new', cache.currentVersion);
    expect(cache.get('k')?.body.toString()).toBe('new');
  });

  it('expires entries and evicts the least recently used', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', '1', 0, 0);
    cache.set('b', '2', 0, 0);
    expect(cache.get('a', 10)?.body.toString()).toBe('1');
    cache.set('c', '3', 0, 10);
    expect(cache.get('b', 20)).toBeUndefined();
    expect(cache.get('a', 20)?.body.toString()).toBe('1');
    expect(cache.get('a', 5000)).toBeUndefined();
  });
});
