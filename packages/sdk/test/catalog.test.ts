import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCollection, makeTee } from '../../server/src/testing/catalog.js';
import type { TestProduct } from '../../server/src/testing/ecom.js';
import { createClient, type OpenshelfClient } from '../src/client.js';
import { ApplicationError, ValidationError } from '../src/errors.js';
import { InvalidQueryError } from '../src/query-rules.js';
import { recordingFetch, type SdkServer, seedStore, startServer } from './harness.js';

let server: SdkServer;
let client: OpenshelfClient;
let products: TestProduct[];
let collection: { id: string; slug: string };
let teeId: string;

beforeAll(async () => {
  server = await startServer();
  products = await seedStore(server);
  const created = await makeCollection(server.t.database.db, 'Summer Mugs');
  collection = { id: created.id, slug: created.slug };
  teeId = (await makeTee(server.t.database.db, 3)).record.id;
  // Catalog reads need no sign-in: a client without a client id sends no token at all.
  client = createClient({ baseUrl: server.baseUrl });
});
afterAll(() => server.close());

describe('products', () => {
  it('queries with a filter, a sort and paging forwards and back', async () => {
    const first = await client.products
      .query()
      .gt('price', 25)
      .startsWith('name', 'Mug')
      .descending('price')
      .limit(2)
      .find();
    expect(first.items.map((p) => p.name)).toEqual(['Mug F', 'Mug E']);
    expect(first.totalCount).toBe(4);
    expect(first.totalPages).toBe(2);
    expect(first.currentPage).toBe(0);
    expect(first.hasPrev()).toBe(false);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');

    const second = await first.next();
    expect(second.items.map((p) => p.name)).toEqual(['Mug D', 'Mug C']);
    expect(second.currentPage).toBe(1);
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow('No next page to fetch');
    expect((await second.prev()).items.map((p) => p.name)).toEqual(['Mug F', 'Mug E']);
  });

  it('sends a query longer than 4000 characters by POST, with the same result', async () => {
    const recorder = recordingFetch();
    const long = createClient({ baseUrl: server.baseUrl, fetch: recorder.fetch });
    const decoys = Array.from({ length: 80 }, (_, i) => `no-such-product-${i}-${'x'.repeat(20)}`);
    const ids = [products[0]!.id, products[5]!.id];
    const page = await long.products
      .query()
      .in('id', [...decoys, ...ids])
      .ascending('price')
      .find();
    expect(page.items.map((p) => p.id)).toEqual(ids);
    expect(recorder.calls.map((c) => c.method)).toEqual(['POST']);
    const short = await long.products.query().in('id', ids).ascending('price').find();
    expect(short.items.map((p) => p.id)).toEqual(ids);
    expect(recorder.calls.map((c) => c.method)).toEqual(['POST', 'GET']);
  });

  it('returns entities with Dates and numbers', async () => {
    const product = await client.products.get(products[0]!.id);
    expect(product).toMatchObject({ id: products[0]!.id, name: 'Mug A', slug: products[0]!.slug });
    expect(product.createdDate).toBeInstanceOf(Date);
    expect(product.lastUpdated).toBeInstanceOf(Date);
    expect(product.priceData.price).toBe(10);
  });

  it('finds a product by slug, and undefined for an unknown slug', async () => {
    expect((await client.products.getBySlug(products[1]!.slug))?.id).toBe(products[1]!.id);
    expect(await client.products.getBySlug('no-such-mug')).toBeUndefined();
  });

  it('leaves variants out when asked', async () => {
    const withVariants = await client.products.query().eq('id', teeId).find();
    expect(withVariants.items[0]?.variants?.length).toBe(6);
    const without = await client.products.query({ includeVariants: false }).eq('id', teeId).find();
    expect(without.items[0]?.variants).toBeUndefined();
  });

  it('searches with facets', async () => {
    const result = await client.products.search({
      search: { expression: 'mug' },
      query: { paging: { limit: 2 } },
      facets: ['prices'],
    });
    expect(result.items).toHaveLength(2);
    expect(result.totalCount).toBe(6);
    const counted = result.facets.prices?.reduce((sum, bucket) => sum + bucket.count, 0);
    expect(counted).toBe(6);
  });

  it('answers option availability and lists variants, of one product and store-wide', async () => {
    const availability = await client.products.getOptionsAvailability(teeId, { Size: 'M', Color: 'Blue' });
    expect(availability.availableForPurchase).toBe(true);
    expect(availability.selectedVariant?.inStock).toBe(true);

    const { variants, totalResults } = await client.products.queryVariants(teeId, { choices: { Size: 'S' } });
    expect(totalResults).toBe(2);
    expect(variants.every((v) => v.choices.Size === 'S')).toBe(true);

    const store = await client.products.queryStoreVariants().eq('productId', teeId).limit(4).find();
    expect(store.items).toHaveLength(4);
    expect(store.totalCount).toBe(6);
    const one = await client.products.getStoreVariant(store.items[0]!.id);
    expect(one).toMatchObject({ productId: teeId, productName: 'Tee' });
  });
});

describe('collections', () => {
  it('gets by id and slug, and queries', async () => {
    const byId = await client.collections.get(collection.id);
    expect(byId).toMatchObject({ name: 'Summer Mugs', slug: collection.slug });
    expect(byId.createdDate).toBeInstanceOf(Date);
    expect((await client.collections.getBySlug(collection.slug))?.id).toBe(collection.id);
    expect(await client.collections.getBySlug('no-such-collection')).toBeUndefined();
    const page = await client.collections.query().eq('slug', collection.slug).find();
    expect(page.items.map((c) => c.id)).toEqual([collection.id]);
  });
});

describe('errors from the server', () => {
  it('maps a missing product to an ApplicationError with the request id', async () => {
    const error = await client.products.get('no-such-product').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    const app = error as ApplicationError;
    expect(app.status).toBe(404);
    expect(app.code).toMatch(/NOT_FOUND/);
    expect(app.requestId).toEqual(expect.any(String));
  });

  it('maps a validation failure to INVALID_ARGUMENT with the builder argument name', async () => {
    // The server allows at most 100 per page; the builder accepts any positive integer.
    const error = await client.products
      .query()
      .limit(101)
      .find()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/^INVALID_ARGUMENT: "limit" /);
    expect((error as ValidationError).violations[0]?.field).toBe('limit');
  });

  it('maps an unknown filter field to a validation error naming it', async () => {
    const error = await client.products
      .query()
      .eq('colour', 'red')
      .find()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('colour');
  });

  it('reports builder mistakes before any request', async () => {
    const calls: string[] = [];
    const counting = createClient({
      baseUrl: server.baseUrl,
      fetch: (input, init) => {
        calls.push(input);
        return fetch(input, init);
      },
    });
    const error = await counting.products
      .query()
      .startsWith('name', 5 as never)
      .find()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidQueryError);
    expect((error as Error).message).toContain('Invalid startsWith parameter value [Number]');
    expect(calls).toEqual([]);
  });
});
