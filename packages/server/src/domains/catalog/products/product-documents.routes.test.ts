import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  httpHelpers,
  makeCollection,
  makeProduct,
  makeTee,
  merchantKey,
  SHOPPER_TOKENS,
  TEST_WRITE,
  type TestApp,
} from '../../../testing/index.js';
import { productDocuments } from '../products.schema.js';
import { updateProduct } from './product-write.service.js';

/*
 * ADR 041 over HTTP, with the public read cache off: a shopper's list and product page are sent from the
 * stored documents, and are exactly what the rows built by the wire mapping give — a merchant's reply
 * without merchant data, which never uses documents, is the reference — on every form of the query
 * call. What documents do not answer (lists without variants) is built from the rows as before.
 */

let t: TestApp;
let owner: string;
let collectionId = '';
let hiddenId = '';
const { call, encode } = httpHelpers(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS], env: { CATALOG_CACHE_SECONDS: '0' } });
  owner = await merchantKey(t.database, 'owner');
  const { db } = t.database;
  collectionId = (await makeCollection(db, 'Routes')).id;
  await makeTee(db, 2, {
    collectionIds: [collectionId],
    ribbon: 'New',
    discount: { type: 'PERCENT', value: 1000 },
  });
  await makeProduct(db, {
    name: 'Poster',
    media: [{ url: 'https://cdn.example/p.jpg' }],
    collectionIds: [collectionId],
  });
  await makeProduct(db, { name: 'Mug', priceMinor: 1500, stock: { trackInventory: true, quantity: 0 } });
  hiddenId = (await makeProduct(db, { name: 'Hidden', visible: false, collectionIds: [collectionId] })).record
    .id;
});
afterAll(() => t.close());

/** The merchant's reply with hidden products left out: what a shopper's reply must equal. */
async function reference(path: string, body: Record<string, unknown>) {
  const { status, body: reply } = await call('POST', path, { ...body, includeHiddenProducts: false }, owner);
  expect(status).toBe(200);
  return reply;
}

const queries = [
  { query: { paging: { limit: 10 } } },
  {
    query: {
      filter: { collectionIds: { $hasSome: [] as string[] } },
      sort: [{ fieldName: 'price', order: 'DESC' }],
    },
  },
  { query: { filter: { name: { $startsWith: 'M' } }, paging: { limit: 2, offset: 0 } } },
  { query: { paging: { limit: 1, offset: 1 } } },
];

describe('shoppers read product documents (ADR 041)', () => {
  it('the list equals the rows mapped, on the GET .r form, the POST form and the v1 REST form', async () => {
    for (const q of queries) {
      const body = JSON.parse(JSON.stringify(q).replace('[]', JSON.stringify([collectionId])));
      for (const path of ['/stores-reader/v1/products/query-platformized', '/stores/v1/products/query']) {
        const want = await reference(path, body);
        expect(want.products.length).toBeGreaterThan(0);
        for (let read = 0; read < 2; read++) {
          const posted = await call('POST', path, body);
          expect(posted.status).toBe(200);
          expect(posted.body, `POST ${path} ${JSON.stringify(body)} (read ${read})`).toEqual(want);
          const got = await t.app.inject({ method: 'GET', url: `${path}?.r=${encode(body)}` });
          expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(got.json(), `GET ${path} .r`).toEqual(want);
          expect(JSON.stringify(got.json()), 'the same key order as the reply schema gives').toBe(got.body);
        }
      }
    }
  });

  it('the product page equals the rows mapped; hidden products stay 404 for shoppers', async () => {
    const list = await call('POST', '/stores-reader/v1/products/query-platformized', { query: {} });
    for (const product of list.body.products) {
      for (const path of [
        `/stores-reader/v1/products/${product.id}`,
        `/v1/products-platformized/${product.id}`,
      ]) {
        const want = await call('GET', path, undefined, owner);
        const got = await call('GET', path, undefined, 'visitor-token');
        expect(got.status).toBe(200);
        expect(got.body, path).toEqual(want.body);
        expect(got.body.product).toEqual(product);
      }
    }
    const stored = await t.database.db.select({ id: productDocuments.productId }).from(productDocuments);
    expect(stored.map((row) => row.id).sort(), 'shoppers were sent documents').toEqual(
      list.body.products.map((p: { id: string }) => p.id).sort(),
    );
    const hidden = await call('GET', `/stores-reader/v1/products/${hiddenId}`);
    expect(hidden.status).toBe(404);
    expect((await call('GET', '/stores-reader/v1/products/no-such-product')).status).toBe(404);
  });

  it('follows an edit at once, and builds lists without variants from the rows', async () => {
    const before = await call('POST', '/stores-reader/v1/products/query-platformized', { query: {} });
    const mug = before.body.products.find((p: { name: string }) => p.name === 'Mug');
    await updateProduct(
      t.database.db,
      mug.id,
      { name: 'Mug, blue', stock: { trackInventory: true, quantity: 5 } },
      TEST_WRITE,
    );
    const after = await call('GET', `/stores-reader/v1/products/${mug.id}`);
    expect(after.body.product.name).toBe('Mug, blue');
    expect(after.body.product.stock).toMatchObject({ inStock: true, quantity: 5 });
    const bare = await call('POST', '/stores-reader/v1/products/query-platformized', {
      query: {},
      includeVariants: false,
    });
    expect(bare.body.products.length).toBe(before.body.products.length);
    for (const product of bare.body.products) expect(product.variants).toBeUndefined();
  });
});
