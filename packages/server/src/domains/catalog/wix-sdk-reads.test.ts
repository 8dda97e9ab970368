import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../testing/index.js';
import { createKitchenCatalog, startWixStoresApp, type WixStoresApp } from '../../testing/wix-stores.js';

// The public @wix/stores client, unchanged, against a listening server (wire-protocol.md §1.3): a
// real client nobody here wrote. If it fails against the server, the server is wrong.
// Reads: queries, paging, products, variants, collections. Writes are in wix-sdk-writes.test.ts.
let s: WixStoresApp;
beforeAll(async () => {
  s = await startWixStoresApp();
});
afterAll(() => s.close());

describe('@wix/stores reads against this server', () => {
  const ids = { kitchen: '', mug: '', tee: '' };

  it('a merchant client creates collections and products (HTTP 200, dates as Dates)', async () => {
    const { kitchen, mug, tee, ids: created } = await createKitchenCatalog(s.merchant());
    Object.assign(ids, created);
    expect(kitchen.collection).toMatchObject({ name: 'Kitchen', slug: 'kitchen', numberOfProducts: 0 });
    expect(mug.product?._createdDate).toBeInstanceOf(Date);
    expect(mug.product?.lastUpdated).toBeInstanceOf(Date);
    expect(mug.product).toMatchObject({
      slug: 'mug',
      numericId: expect.stringMatching(/^\d+$/),
      stock: { quantity: 5, inventoryStatus: 'IN_STOCK' },
    });
    expect(tee.product?.variants).toHaveLength(2);
  });

  it('queries with eq/ascending/limit, pages with next(), and reports totalCount/hasNext', async () => {
    const client = s.shopper();
    const first = await client.products
      .queryProducts()
      .eq('brand' as 'name', 'Clay')
      .ascending('price')
      .limit(2)
      .find();
    expect(first.items.map((p) => p.name)).toEqual(['Cup 5', 'Cup 4']);
    expect(first.totalCount).toBe(5);
    expect(first.totalPages).toBe(3);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((p) => p.name)).toEqual(['Cup 3', 'Cup 2']);
    const third = await second.next();
    expect(third.items.map((p) => p.name)).toEqual(['Cup 1']);
    expect(third.hasNext()).toBe(false);
    expect(third.hasPrev()).toBe(true);
    const inKitchen = await client.products
      .queryProducts()
      .hasSome('collectionIds', [ids.kitchen])
      .descending('name')
      .find();
    expect(inKitchen.items.map((p) => p.name)).toEqual(['Tee', 'Mug']);
    const byDate = await client.products
      .queryProducts()
      .lt('_createdDate', new Date(Date.now() + 60_000))
      .ge('priceData.price', 12.5)
      .find();
    expect(byDate.items.map((p) => p.name).sort()).toEqual(['Mug', 'Tee']);
    expect(s.requests).toContain('GET /stores-reader/v1/products/query-platformized');
  });

  it('falls back to POST for long queries', async () => {
    const manyIds = Array.from(
      { length: 150 },
      (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );
    const result = await s
      .shopper()
      .products.queryProducts()
      .in('_id', [...manyIds, ids.mug])
      .find();
    expect(result.items.map((p) => p._id)).toEqual([ids.mug]);
    expect(s.requests).toContain('POST /stores-reader/v1/products/query-platformized');
  });

  it('gets a product, hiding cost unless a merchant asks for it', async () => {
    const shown = await s.shopper().products.getProduct(ids.mug);
    expect(shown.product).toMatchObject({
      name: 'Mug',
      priceData: { price: 12.5, formatted: { price: '$12.50' } },
      collectionIds: [ids.kitchen],
    });
    expect(shown.product?.costAndProfitData).toBeUndefined();
    const withCost = await s.merchant().products.getProduct(ids.mug, { includeMerchantSpecificData: true });
    expect(withCost.product?.costAndProfitData).toMatchObject({
      itemCost: 4,
      profit: 8.5,
      profitMargin: 0.68,
    });
  });

  it('answers option availability and variant queries', async () => {
    const client = s.shopper();
    const availability = await client.products.getProductOptionsAvailability(ids.tee, {
      Size: 'M',
      Color: 'Black',
    });
    expect(availability.availableForPurchase).toBe(true);
    expect(availability.selectedVariant).toMatchObject({
      price: { price: 20 },
      inStock: true,
      visible: true,
    });
    const partial = await client.products.getProductOptionsAvailability(ids.tee, { Size: 'S' });
    expect(partial.availableForPurchase).toBe(false);
    expect(partial.productOptions?.[1]?.choices?.[0]).toMatchObject({ description: 'Black', inStock: true });
    const variants = await client.products.queryProductVariants(ids.tee, { choices: { Size: 'S' } });
    expect(variants.variants).toHaveLength(1);
    expect(variants.totalResults).toBe(1);
    expect(variants.variants?.[0]?._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads collections through the collections module and products.getCollectionBySlug', async () => {
    const client = s.shopper();
    const collection = await client.collections.getCollection(ids.kitchen);
    expect(collection).toMatchObject({ _id: ids.kitchen, name: 'Kitchen', numberOfProducts: 2 });
    const bySlug = await client.collections.getCollectionBySlug('kitchen');
    expect(bySlug.collection?._id).toBe(ids.kitchen);
    const viaProducts = await client.products.getCollectionBySlug('kitchen');
    expect(viaProducts.collection?.numberOfProducts).toBe(2);
    const listed = await client.collections.queryCollections().eq('name', 'Kitchen').find();
    expect(listed.items.map((c) => c._id)).toEqual([ids.kitchen]);
    expect(listed.totalCount).toBe(1);
    expect(s.requests).toContain('GET /v2/collections/query');
  });

  it('reads a cached list the server sends compressed (fetch asks for it and decodes it)', async () => {
    const encodings: (string | null)[] = [];
    const routed = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      const reply = await routed(...args);
      encodings.push(reply.headers.get('content-encoding'));
      return reply;
    }) as typeof fetch;
    try {
      const read = () => s.shopper().products.queryProducts().limit(10).find();
      const plain = await read();
      // Node's fetch asks for gzip and deflate; browsers add br.
      const compressed = await pollUntil(read, () => encodings.at(-1) === 'gzip');
      expect(encodings.at(-1)).toBe('gzip');
      expect(compressed.items).toEqual(plain.items);
    } finally {
      globalThis.fetch = routed;
    }
  });
});
