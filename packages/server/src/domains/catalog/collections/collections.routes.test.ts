import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, SHOPPER_TOKENS, type TestApp } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS] });
  owner = await merchantKey(t.database, 'owner');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, payload?: unknown, authorization?: string) {
  const reply = await t.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: authorization ? { authorization } : {},
  });
  return { status: reply.statusCode, body: reply.json() };
}
const fields = (body: {
  details?: { validationError?: { fieldViolations: { field: string; violatedRule: string }[] } };
}) => body.details?.validationError?.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`);
const code = (body: { details?: { applicationError?: { code: string } } }) =>
  body.details?.applicationError?.code;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const newProduct = async (name: string, visible = true) =>
  (await call('POST', '/stores/v1/products', { product: { name, priceData: { price: 5 }, visible } }, owner))
    .body.product.id as string;

describe('collections', () => {
  let id = '';
  let mugs: string[] = [];

  it('creates with a generated slug, on /stores/v1 and /v1', async () => {
    const created = await call(
      'POST',
      '/stores/v1/collections',
      { collection: { name: 'Summer Sale', description: 'Light things' } },
      owner,
    );
    expect(created.status).toBe(200);
    id = created.body.collection.id;
    expect(created.body.collection).toMatchObject({
      name: 'Summer Sale',
      slug: 'summer-sale',
      visible: true,
      numberOfProducts: 0,
      media: { items: [] },
    });
    const second = await call(
      'POST',
      '/v1/collections',
      { collection: { name: 'Summer Sale', media: [{ url: 'https://cdn.example/sun.jpg' }] } },
      owner,
    );
    expect(second.body.collection.slug).toBe('summer-sale-2');
    expect(second.body.collection.media.mainMedia.image.url).toBe('https://cdn.example/sun.jpg');
    const taken = await call(
      'POST',
      '/v1/collections',
      { collection: { name: 'Other', slug: 'summer-sale' } },
      owner,
    );
    expect([taken.status, code(taken.body)]).toEqual([409, 'COLLECTION_SLUG_ALREADY_EXISTS']);
  });

  it('adds and removes products (idempotently), counting what each caller can see', async () => {
    mugs = [await newProduct('Mug A'), await newProduct('Mug B'), await newProduct('Mug C', false)];
    const add = await call(
      'POST',
      `/stores/v1/collections/${id}/productIds`,
      { id, productIds: [...mugs, mugs[0]] },
      owner,
    );
    expect([add.status, add.body]).toEqual([200, {}]);
    await call('POST', `/stores/v1/collections/${id}/productIds`, { productIds: [mugs[0]] }, owner);
    expect((await call('GET', `/v2/collections/${id}?id=${id}`)).body.collection.numberOfProducts).toBe(2);
    expect(
      (await call('GET', `/v2/collections/${id}`, undefined, owner)).body.collection.numberOfProducts,
    ).toBe(3);
    const products = await call('POST', '/stores-reader/v1/products/query-platformized', {
      query: { filter: { collectionIds: { $hasSome: [id] } } },
    });
    expect(products.body.metadata.total).toBe(2);
    const product = (await call('GET', `/v1/products/${mugs[0]}`)).body.product;
    expect(product.collectionIds).toEqual([id]);
    const unknown = await call(
      'POST',
      `/stores/v1/collections/${id}/productIds`,
      { productIds: ['nope'] },
      owner,
    );
    expect([unknown.status, code(unknown.body)]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect(
      (await call('POST', `/v1/collections/${id}/productIds/delete`, { id, productIds: [mugs[1]] }, owner))
        .body,
    ).toEqual({});
    expect((await call('GET', `/v2/collections/${id}`)).body.collection.numberOfProducts).toBe(1);
    const events = await listEntityEvents(t.database.db, 'collection', id);
    expect(events.map((e) => e.type)).toEqual([
      'catalog.collection.created',
      'catalog.collection.changed',
      'catalog.collection.changed',
      'catalog.collection.changed',
    ]);
  });

  it('reads by id and slug on the v2 and v1 paths', async () => {
    for (const url of [
      `/v2/collections/${id}`,
      `/stores-reader/v1/collections/${id}`,
      `/v1/collections/${id}`,
    ]) {
      expect((await call('GET', url)).body.collection.id, url).toBe(id);
    }
    for (const url of [
      '/v2/collections/slug/summer-sale?slug=summer-sale',
      '/stores-reader/v1/collections/slug/summer-sale',
      '/v1/collections/slug/summer-sale',
    ]) {
      expect((await call('GET', url)).body.collection.id, url).toBe(id);
    }
    expect(code((await call('GET', '/v2/collections/missing')).body)).toBe('COLLECTION_NOT_FOUND');
    expect(code((await call('GET', '/v2/collections/slug/missing')).body)).toBe('COLLECTION_NOT_FOUND');
  });

  it('queries with filter, sort and paging (GET .r and POST)', async () => {
    const query = {
      query: {
        filter: { name: { $startsWith: 'summer' } },
        sort: [{ fieldName: 'slug', order: 'DESC' }],
        paging: { limit: 1 },
      },
    };
    const viaGet = await call('GET', `/v2/collections/query?.r=${encode(query)}`);
    const viaPost = await call('POST', '/v2/collections/query', query);
    for (const reply of [viaGet, viaPost]) {
      expect(reply.body.collections.map((c: { slug: string }) => c.slug)).toEqual(['summer-sale-2']);
      expect(reply.body.metadata).toEqual({ count: 1, offset: 0, total: 2, tooManyToCount: false });
    }
    const bad = await call('POST', '/v2/collections/query', { query: { filter: { price: 1 } } });
    expect(fields(bad.body)).toEqual(['query.filter.price FIELD_NOT_ALLOWED']);
  });

  it('updates and deletes; deleting keeps the products but takes them out', async () => {
    const updated = await call(
      'PATCH',
      `/stores/v1/collections/${id}`,
      { collection: { id, name: 'Summer', slug: 'summer', visible: false } },
      owner,
    );
    expect(updated.body.collection).toMatchObject({ name: 'Summer', slug: 'summer', visible: false });
    const bad = await call(
      'PATCH',
      `/stores/v1/collections/${id}`,
      { collection: { slug: 'Not OK' } },
      owner,
    );
    expect(fields(bad.body)).toEqual(['collection.slug FORMAT']);
    expect((await call('DELETE', `/stores/v1/collections/${id}?id=${id}`, undefined, owner)).body).toEqual(
      {},
    );
    expect((await call('GET', `/v1/products/${mugs[0]}`)).body.product.collectionIds).toEqual([]);
    expect(code((await call('DELETE', `/stores/v1/collections/${id}`, undefined, owner)).body)).toBe(
      'COLLECTION_NOT_FOUND',
    );
    const events = await listEntityEvents(t.database.db, 'collection', id);
    expect(events.at(-1)?.type).toBe('catalog.collection.deleted');
  });

  it('guards writes: 401 anonymous, 403 shoppers; names missing fields', async () => {
    for (const [method, url] of [
      ['POST', '/stores/v1/collections'],
      ['PATCH', '/stores/v1/collections/c-1'],
      ['DELETE', '/v1/collections/c-1'],
      ['POST', '/stores/v1/collections/c-1/productIds'],
      ['POST', '/stores/v1/collections/c-1/productIds/delete'],
    ] as const) {
      expect((await call(method, url, method === 'DELETE' ? undefined : {})).status, url).toBe(401);
      expect(
        (await call(method, url, method === 'DELETE' ? undefined : {}, 'member-token')).status,
        url,
      ).toBe(403);
    }
    const missing = await call('POST', '/stores/v1/collections', { collection: {} }, owner);
    expect(fields(missing.body)).toEqual(['collection.name REQUIRED_FIELD']);
  });
});

describe('hidden (unpublished) collections', () => {
  it('are out of the shop: shoppers cannot get, find or facet them; merchants can, and publishing shows them', async () => {
    const created = await call(
      'POST',
      '/stores/v1/collections',
      { collection: { name: 'Winter Preview', visible: false } },
      owner,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, slug } = created.body.collection;
    const product = await newProduct('Preview Mitten');
    await call('POST', `/stores/v1/collections/${id}/productIds`, { productIds: [product] }, owner);

    // Shoppers: 404 by id and by slug (as for a collection that does not exist), absent from queries.
    expect((await call('GET', `/stores-reader/v1/collections/${id}`)).status).toBe(404);
    const bySlug = await call('GET', `/stores-reader/v1/collections/slug/${slug}`);
    expect([bySlug.status, code(bySlug.body)]).toEqual([404, 'COLLECTION_NOT_FOUND']);
    const names = async (authorization?: string) =>
      (
        await call(
          'POST',
          '/stores-reader/v1/collections/query',
          { query: { paging: { limit: 100 } } },
          authorization,
        )
      ).body.collections.map((c: { name: string }) => c.name);
    expect(await names()).not.toContain('Winter Preview');
    const visibleOnly = await call('POST', '/stores-reader/v1/collections/query', {
      query: { filter: { visible: false } },
    });
    expect(visibleOnly.body.collections).toEqual([]);
    const facet = await call('POST', '/stores-reader/v1/products/search', {
      search: { expression: 'Preview Mitten' },
      facets: ['collections'],
    });
    expect(facet.status, JSON.stringify(facet.body)).toBe(200);
    expect(JSON.stringify(facet.body.facets ?? {})).not.toContain('Winter Preview');

    // Merchants read it, hidden.
    expect(
      (await call('GET', `/stores-reader/v1/collections/${id}`, undefined, owner)).body.collection,
    ).toMatchObject({
      name: 'Winter Preview',
      visible: false,
    });
    expect(await names(owner)).toContain('Winter Preview');

    // Published: shoppers see it.
    await call('PATCH', `/stores/v1/collections/${id}`, { collection: { visible: true } }, owner);
    expect((await call('GET', `/stores-reader/v1/collections/slug/${slug}`)).body.collection).toMatchObject({
      name: 'Winter Preview',
      numberOfProducts: 1,
    });
    expect(await names()).toContain('Winter Preview');
  });
});
