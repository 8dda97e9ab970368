import { createClient } from '@wix/sdk';
import { collections, products, productsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, pollUntil, type TestApp } from '../../testing/index.js';
import { routeWixSdkTo } from '../../testing/wix-sdk.js';

// The public @wix/stores client, unchanged, against a listening server (wire-protocol.md §1.3): a
// real client nobody here wrote. If it fails against the server, the server is wrong.
let t: TestApp;
let ownerKey: string;
let restoreFetch: () => void = () => {};
const requests: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ownerKey = await merchantKey(t.database, 'owner');
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restoreFetch = routeWixSdkTo(baseUrl, (call) => requests.push(call));
});
afterAll(async () => {
  restoreFetch();
  await t.close();
});

const merchant = () =>
  createClient({
    modules: { products, collections, productsV3 },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: ownerKey } }) },
  });
const shopper = () => createClient({ modules: { products, collections } });

describe('@wix/stores against this server', () => {
  const ids = { kitchen: '', mug: '', tee: '' };

  it('a merchant client creates collections and products (HTTP 200, dates as Dates)', async () => {
    const admin = merchant();
    const created = await admin.products.createCollection({ name: 'Kitchen' });
    ids.kitchen = created.collection?._id as string;
    expect(created.collection).toMatchObject({ name: 'Kitchen', slug: 'kitchen', numberOfProducts: 0 });

    const mug = await admin.products.createProduct({
      name: 'Mug',
      productType: products.ProductType.physical,
      priceData: { price: 12.5 },
      costAndProfitData: { itemCost: 4 },
      description: 'Stoneware',
      visible: true,
      weight: 0.3,
      stock: { trackInventory: true, quantity: 5 },
    });
    ids.mug = mug.product?._id as string;
    expect(mug.product?._createdDate).toBeInstanceOf(Date);
    expect(mug.product?.lastUpdated).toBeInstanceOf(Date);
    expect(mug.product).toMatchObject({
      slug: 'mug',
      numericId: expect.stringMatching(/^\d+$/),
      stock: { quantity: 5, inventoryStatus: 'IN_STOCK' },
    });

    const tee = await admin.products.createProduct({
      name: 'Tee',
      priceData: { price: 20 },
      manageVariants: true,
      productOptions: [
        {
          name: 'Size',
          choices: [
            { value: 'S', description: 'S' },
            { value: 'M', description: 'M' },
          ],
        },
        {
          name: 'Color',
          optionType: products.OptionType.color,
          choices: [{ value: '#000000', description: 'Black' }],
        },
      ],
      stock: { trackInventory: true, quantity: 2 },
    });
    ids.tee = tee.product?._id as string;
    expect(tee.product?.variants).toHaveLength(2);
    for (let i = 1; i <= 5; i++) {
      await admin.products.createProduct({ name: `Cup ${i}`, priceData: { price: 10 - i }, brand: 'Clay' });
    }
    await admin.products.addProductsToCollection(ids.kitchen, [ids.mug, ids.tee]);
  });

  it('queries with eq/ascending/limit, pages with next(), and reports totalCount/hasNext', async () => {
    const client = shopper();
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
    expect(requests).toContain('GET /stores-reader/v1/products/query-platformized');
  });

  it('falls back to POST for long queries', async () => {
    const manyIds = Array.from(
      { length: 150 },
      (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );
    const result = await shopper()
      .products.queryProducts()
      .in('_id', [...manyIds, ids.mug])
      .find();
    expect(result.items.map((p) => p._id)).toEqual([ids.mug]);
    expect(requests).toContain('POST /stores-reader/v1/products/query-platformized');
  });

  it('gets a product, hiding cost unless a merchant asks for it', async () => {
    const shown = await shopper().products.getProduct(ids.mug);
    expect(shown.product).toMatchObject({
      name: 'Mug',
      priceData: { price: 12.5, formatted: { price: '$12.50' } },
      collectionIds: [ids.kitchen],
    });
    expect(shown.product?.costAndProfitData).toBeUndefined();
    const withCost = await merchant().products.getProduct(ids.mug, { includeMerchantSpecificData: true });
    expect(withCost.product?.costAndProfitData).toMatchObject({
      itemCost: 4,
      profit: 8.5,
      profitMargin: 0.68,
    });
  });

  it('answers option availability and variant queries', async () => {
    const client = shopper();
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
    const client = shopper();
    const collection = await client.collections.getCollection(ids.kitchen);
    expect(collection).toMatchObject({ _id: ids.kitchen, name: 'Kitchen', numberOfProducts: 2 });
    const bySlug = await client.collections.getCollectionBySlug('kitchen');
    expect(bySlug.collection?._id).toBe(ids.kitchen);
    const viaProducts = await client.products.getCollectionBySlug('kitchen');
    expect(viaProducts.collection?.numberOfProducts).toBe(2);
    const listed = await client.collections.queryCollections().eq('name', 'Kitchen').find();
    expect(listed.items.map((c) => c._id)).toEqual([ids.kitchen]);
    expect(listed.totalCount).toBe(1);
    expect(requests).toContain('GET /v2/collections/query');
  });

  it('a merchant client updates, bulk-edits and deletes', async () => {
    const admin = merchant();
    const updated = await admin.products.updateProduct(ids.mug, {
      name: 'Big Mug',
      priceData: { price: 14 },
    });
    expect(updated.product).toMatchObject({ name: 'Big Mug', slug: 'mug', priceData: { price: 14 } });
    const set = await admin.products.bulkUpdateProductsProperty([ids.mug, 'missing'], { price: 9.99 });
    expect(set.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(set.results?.[0]?.itemMetadata).toMatchObject({ _id: ids.mug, success: true, originalIndex: 0 });
    expect(set.results?.[1]?.itemMetadata).toMatchObject({
      success: false,
      error: { code: 'PRODUCT_NOT_FOUND' },
    });
    const adjusted = await admin.products.bulkAdjustProductProperty(
      { price: { percentage: { rate: -10 } } },
      [ids.mug],
    );
    expect(adjusted.bulkActionMetadata?.totalSuccesses).toBe(1);
    expect((await admin.products.getProduct(ids.mug)).product?.priceData?.price).toBe(8.99);
    await admin.products.updateProductVariants(ids.tee, [{ choices: { Size: 'M' }, price: 25 }]);
    expect((await admin.products.getProduct(ids.tee)).product?.priceRange).toEqual({
      minValue: 20,
      maxValue: 25,
    });
    await admin.products.removeProductsFromCollection(ids.kitchen, [ids.tee]);
    await admin.products.deleteProduct(ids.tee);
    await expect(shopper().products.getProduct(ids.tee)).rejects.toMatchObject({
      details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } },
    });
  });

  it('surfaces our errors the way the client reads them', async () => {
    await expect(
      shopper().products.createProduct({ name: 'x', priceData: { price: 1 } }),
    ).rejects.toMatchObject({
      details: { applicationError: { code: 'UNAUTHENTICATED' } },
    });
    await expect(shopper().products.queryProducts().limit(500).find()).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [expect.objectContaining({ violatedRule: 'MAX' })] } },
    });
  });

  it('refuses NaN and Infinity the client sends as "NaN"/"Infinity", naming the field, and stores nothing', async () => {
    const admin = merchant();
    const sent: string[] = [];
    const routed = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (typeof init?.body === 'string') sent.push(init.body);
      return routed(input, init);
    }) as typeof fetch;
    try {
      const count = (await shopper().products.queryProducts().find()).totalCount;
      const created = admin.products.createProduct({
        name: 'Feather',
        priceData: { price: 3 },
        weight: Number.NaN,
      });
      await expect(created).rejects.toMatchObject({
        status: 400,
        details: {
          validationError: {
            fieldViolations: [
              expect.objectContaining({ field: 'product.weight', violatedRule: 'VALIDATION' }),
            ],
          },
        },
      });
      const updated = admin.products.updateProduct(ids.mug, { priceData: { price: Infinity } });
      await expect(updated).rejects.toMatchObject({
        status: 400,
        details: {
          validationError: {
            fieldViolations: [
              expect.objectContaining({
                field: 'product.priceData.price',
                violatedRule: 'MAX',
                description: expect.stringContaining('finite'),
              }),
            ],
          },
        },
      });
      const variants = admin.products.updateProductVariants(ids.mug, [{ variantIds: [], weight: -Infinity }]);
      await expect(variants).rejects.toMatchObject({ status: 400 });
      // The client sent the protocol's spellings, not null (which JSON.stringify would make of NaN).
      expect(sent.join('\n')).toContain('"weight":"NaN"');
      expect(sent.join('\n')).toContain('"price":"Infinity"');
      expect(sent.join('\n')).toContain('"weight":"-Infinity"');
      expect((await shopper().products.queryProducts().find()).totalCount).toBe(count);
      expect((await admin.products.getProduct(ids.mug)).product?.priceData?.price).toBe(8.99);
    } finally {
      globalThis.fetch = routed;
    }
  });

  it('the productsV3 module creates, updates and deletes catalog v3 products, kept in our model', async () => {
    const admin = merchant();
    const choice = (optionName: string, choiceName: string) => ({
      optionChoiceNames: { optionName, choiceName },
    });
    const created = await admin.productsV3.createProduct({
      name: 'Trail Cap',
      productType: productsV3.ProductType.PHYSICAL,
      physicalProperties: {},
      plainDescription: 'Light cap.',
      brand: { name: 'Ridge' },
      options: [
        {
          name: 'Size',
          optionRenderType: productsV3.ProductOptionRenderType.TEXT_CHOICES,
          choicesSettings: { choices: [{ name: 'S' }, { name: 'L' }] },
        },
      ],
      variantsInfo: {
        variants: [
          {
            choices: [choice('Size', 'S')],
            price: { actualPrice: { amount: '18' } },
            physicalProperties: { weight: 0.1 },
          },
          { choices: [choice('Size', 'L')], price: { actualPrice: { amount: '19.5' } }, sku: 'CAP-L' },
        ],
      },
    });
    expect(requests).toContain('POST /stores/v3/products');
    expect(created._id).toEqual(expect.any(String));
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created).toMatchObject({
      name: 'Trail Cap',
      brand: { name: 'Ridge' },
      actualPriceRange: { minValue: { amount: '18.00' }, maxValue: { amount: '19.50' } },
    });
    const kept = (await admin.products.getProduct(created._id as string)).product;
    expect(kept).toMatchObject({ description: 'Light cap.', brand: 'Ridge', priceData: { price: 18 } });
    expect(kept?.variants?.find((v) => v.choices?.Size === 'L')?.variant).toMatchObject({
      priceData: { price: 19.5 },
      sku: 'CAP-L',
    });

    const updated = await admin.productsV3.updateProduct(created._id as string, {
      revision: created.revision as string,
      name: 'Trail Cap 2',
    });
    expect(updated.name).toBe('Trail Cap 2');
    await expect(
      admin.productsV3.updateProduct(created._id as string, {
        revision: updated.revision as string,
        variantsInfo: {
          variants: [{ choices: [choice('Size', 'S')], physicalProperties: { weight: Number.NaN } }],
        },
      }),
    ).rejects.toMatchObject({
      status: 400,
      details: {
        validationError: {
          fieldViolations: [
            expect.objectContaining({
              violatedRule: 'VALIDATION',
              description: 'must be a finite number, not "NaN"',
            }),
          ],
        },
      },
    });
    await expect(
      admin.productsV3.createProduct({
        name: 'Barcoded',
        productType: productsV3.ProductType.PHYSICAL,
        variantsInfo: {
          variants: [{ choices: [], barcode: '0123', price: { actualPrice: { amount: '1' } } }],
        },
      }),
    ).rejects.toMatchObject({
      status: 400,
      details: {
        validationError: {
          fieldViolations: [expect.objectContaining({ violatedRule: 'FIELD_NOT_ALLOWED' })],
        },
      },
    });
    await admin.productsV3.deleteProduct(created._id as string);
    await expect(shopper().products.getProduct(created._id as string)).rejects.toMatchObject({
      details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } },
    });
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
      const read = () => shopper().products.queryProducts().limit(10).find();
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
