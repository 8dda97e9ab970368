import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, SHOPPER_TOKENS, type TestApp } from '../../testing/index.js';

// Every product call over HTTP: the paths the protocol's clients use and the spec's own, the wire
// shapes, and the error cases (400 naming fields, 401/403 for non-merchants, 404 codes).
let t: TestApp;
let owner: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS] });
  owner = await merchantKey(t.database, 'owner');
  staff = await merchantKey(t.database, 'app');
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
  return { status: reply.statusCode, body: reply.body ? reply.json() : undefined };
}
const fields = (body: {
  details?: { validationError?: { fieldViolations: { field: string; violatedRule: string }[] } };
}) => body.details?.validationError?.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`);
const code = (body: { details?: { applicationError?: { code: string } } }) =>
  body.details?.applicationError?.code;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const teeBody = {
  product: {
    name: 'Linen Tee',
    productType: 'physical',
    priceData: { price: '24.5' },
    costAndProfitData: { itemCost: 9 },
    discount: { type: 'AMOUNT', value: 4.5 },
    manageVariants: true,
    productOptions: [
      { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
      { name: 'Color', optionType: 'color', choices: [{ value: '#222222', description: 'Black' }] },
    ],
    stock: { trackInventory: true, quantity: 4 },
    brand: 'Loom',
    ribbon: 'New',
    weight: 0.2,
    description: 'Soft linen.',
    unknownFieldTheClientSent: true,
  },
};

describe('creating, reading and deleting products', () => {
  let id = '';

  it('creates on POST /stores/v1/products with HTTP 200 and the full wire product', async () => {
    const { status, body } = await call('POST', '/stores/v1/products', teeBody, owner);
    expect(status).toBe(200);
    id = body.product.id;
    expect(body.product).toMatchObject({
      name: 'Linen Tee',
      slug: 'linen-tee',
      numericId: expect.stringMatching(/^\d+$/),
      priceData: {
        currency: 'USD',
        price: 24.5,
        discountedPrice: 20,
        formatted: { price: '$24.50', discountedPrice: '$20.00' },
      },
      costAndProfitData: { itemCost: 9, profit: 11, profitMargin: 0.55, formattedProfit: '$11.00' },
      discount: { type: 'AMOUNT', value: 4.5 },
      stock: { trackInventory: true, quantity: 8, inStock: true, inventoryStatus: 'IN_STOCK' },
      ribbons: [{ text: 'New' }],
      productPageUrl: { base: t.config.publicUrl, path: '/product-page/linen-tee' },
      productOptions: [
        {
          optionType: 'drop_down',
          name: 'Size',
          choices: [{ value: 'S', description: 'S', inStock: true, visible: true }, expect.anything()],
        },
        {
          optionType: 'color',
          name: 'Color',
          choices: [{ value: '#222222', description: 'Black', inStock: true, visible: true }],
        },
      ],
      giftCard: false,
    });
    expect(body.product.variants).toHaveLength(2);
    expect(body.product.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('reads it on every read path, repeating the id in the query string', async () => {
    for (const prefix of ['/stores-reader/v1', '/stores/v1', '/v1']) {
      for (const kind of ['products', 'products-platformized']) {
        const { status, body } = await call('GET', `${prefix}/${kind}/${id}?id=${id}`);
        expect(status, `${prefix}/${kind}`).toBe(200);
        expect(body.product.id).toBe(id);
      }
    }
  });

  it('shows cost and profit only to merchants who ask for them', async () => {
    const anonymous = await call('GET', `/stores-reader/v1/products/${id}?includeMerchantSpecificData=true`);
    expect(anonymous.body.product.costAndProfitData).toBeUndefined();
    const shopper = await call(
      'GET',
      `/stores-reader/v1/products/${id}?includeMerchantSpecificData=true`,
      undefined,
      'member-token',
    );
    expect(shopper.body.product.costAndProfitData).toBeUndefined();
    expect(
      (await call('GET', `/stores-reader/v1/products/${id}`, undefined, owner)).body.product
        .costAndProfitData,
    ).toBeUndefined();
    const merchant = await call(
      'GET',
      `/stores-reader/v1/products/${id}?includeMerchantSpecificData=true`,
      undefined,
      owner,
    );
    expect(merchant.body.product.costAndProfitData.itemCost).toBe(9);
    expect(merchant.body.product.costRange).toEqual({ minValue: 9, maxValue: 9 });
  });

  it('updates with PATCH on v1, platformized and the v2 proxy', async () => {
    for (const url of [
      `/stores/v1/products/${id}`,
      `/v1/products-platformized/${id}`,
      `/v2/products-platformized/${id}`,
    ]) {
      const { status, body } = await call(
        'PATCH',
        url,
        { product: { id, priceData: { price: 30 }, name: `Tee via ${url.split('/')[2]}` } },
        owner,
      );
      expect(status, url).toBe(200);
      expect(body.product.priceData.price).toBe(30);
    }
  });

  it('creates on the platformized and v2 paths too, deduping the slug', async () => {
    const v1 = await call(
      'POST',
      '/v1/products-platformized',
      { product: { name: 'Tote', priceData: { price: 15 } } },
      owner,
    );
    const v2 = await call(
      'POST',
      '/v2/products-platformized',
      { product: { name: 'Tote', priceData: { price: 15 } } },
      staff,
    );
    expect([v1.status, v2.status]).toEqual([200, 200]);
    expect([v1.body.product.slug, v2.body.product.slug]).toEqual(['tote', 'tote-2']);
    expect(
      (await call('DELETE', `/v2/products-platformized/${v2.body.product.id}`, undefined, owner)).status,
    ).toBe(200);
    expect(
      (await call('DELETE', `/v1/products-platformized/${v1.body.product.id}`, undefined, owner)).body,
    ).toEqual({});
  });

  it('edits brand, ribbon and options on their own calls', async () => {
    expect((await call('POST', `/stores/v1/products/${id}/remove-brand`, { id }, owner)).body).toEqual({});
    expect((await call('POST', `/v1/products/${id}/remove-ribbon`, {}, owner)).status).toBe(200);
    const after = await call('GET', `/v1/products/${id}`);
    expect(after.body.product.brand).toBeUndefined();
    expect(after.body.product.ribbons).toEqual([]);
    expect(
      (await call('DELETE', `/stores/v1/products/${id}/options?id=${id}`, undefined, owner)).status,
    ).toBe(200);
    const collapsed = await call('GET', `/v1/products/${id}`);
    expect(collapsed.body.product.productOptions).toEqual([]);
    expect(collapsed.body.product.stock.quantity).toBe(8);
  });

  it('adds and removes media and choice media', async () => {
    const tee = (await call('POST', '/stores/v1/products', teeBody, owner)).body.product;
    const media = [
      { url: 'https://cdn.example/black.jpg', choice: { option: 'Color', choice: 'Black' } },
      { url: 'https://cdn.example/spin.mp4' },
    ];
    expect(
      (await call('POST', `/stores/v1/products/${tee.id}/media`, { id: tee.id, media }, owner)).status,
    ).toBe(200);
    const withMedia = (await call('GET', `/v1/products/${tee.id}`)).body.product;
    expect(withMedia.media.mainMedia).toMatchObject({
      mediaType: 'image',
      image: { url: 'https://cdn.example/black.jpg' },
    });
    expect(withMedia.media.items[1]).toMatchObject({
      mediaType: 'video',
      video: { files: [{ url: 'https://cdn.example/spin.mp4' }] },
    });
    expect(withMedia.productOptions[1].choices[0].media.items).toHaveLength(1);
    const videoId = withMedia.media.items[1].id;
    const assign = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/choices/media`,
      { media: [{ option: 'Color', choice: 'Black', mediaIds: [videoId] }] },
      owner,
    );
    expect(assign.status).toBe(200);
    const unassign = await call(
      'POST',
      `/stores/v1/products/${tee.id}/choices/media/delete`,
      { media: [{ option: 'Color', choice: 'Black' }] },
      owner,
    );
    expect(unassign.status).toBe(200);
    expect(
      (await call('POST', `/stores/v1/products/${tee.id}/media/delete`, { mediaIds: [videoId] }, owner))
        .status,
    ).toBe(200);
    const after = (await call('GET', `/v1/products/${tee.id}`)).body.product;
    expect(after.media.items).toHaveLength(1);
    expect(after.productOptions[1].choices[0].media).toBeUndefined();
    const bad = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/choices/media`,
      { media: [{ option: 'Colour', choice: 'Black' }] },
      owner,
    );
    expect(fields(bad.body)).toEqual(['media[0].option VALIDATION']);
  });

  it('deletes, then answers 404 PRODUCT_NOT_FOUND on reads and writes', async () => {
    expect((await call('DELETE', `/stores/v1/products/${id}?id=${id}`, undefined, owner)).body).toEqual({});
    for (const [method, url] of [
      ['GET', `/stores-reader/v1/products/${id}`],
      ['PATCH', `/stores/v1/products/${id}`],
      ['DELETE', `/stores/v1/products/${id}`],
      ['POST', `/stores/v1/products/${id}/remove-brand`],
      ['POST', `/stores-reader/v1/products/${id}/productOptionsAvailability`],
      ['POST', `/stores-reader/v1/products/${id}/variants/query`],
    ] as const) {
      const { status, body } = await call(
        method,
        url,
        method === 'PATCH' ? { product: {} } : method === 'POST' ? {} : undefined,
        owner,
      );
      expect([status, code(body)], `${method} ${url}`).toEqual([404, 'PRODUCT_NOT_FOUND']);
    }
  });
});

describe('errors', () => {
  it('answers 401 to anonymous and 403 to shoppers on every write, before looking at the body', async () => {
    const writes: [Method, string][] = [
      ['POST', '/stores/v1/products'],
      ['POST', '/v1/products-platformized'],
      ['POST', '/v2/products-platformized'],
      ['PATCH', '/stores/v1/products/p-1'],
      ['DELETE', '/v1/products/p-1'],
      ['PATCH', '/stores/v1/products/p-1/variants'],
      ['POST', '/stores/v1/products/p-1/variants/resetToDefault'],
      ['POST', '/stores/v1/products/p-1/media'],
      ['POST', '/stores/v1/products/p-1/media/delete'],
      ['PATCH', '/stores/v1/products/p-1/choices/media'],
      ['POST', '/stores/v1/products/p-1/choices/media/delete'],
      ['DELETE', '/stores/v1/products/p-1/options'],
      ['POST', '/stores/v1/products/p-1/remove-brand'],
      ['POST', '/stores/v1/products/p-1/remove-ribbon'],
      ['POST', '/stores/v1/bulk/products/update'],
      ['POST', '/v1/bulk/products/adjust-properties'],
    ];
    for (const [method, url] of writes) {
      const body = method === 'DELETE' ? undefined : { nonsense: true };
      expect(code((await call(method, url, body)).body), `${method} ${url}`).toBe('UNAUTHENTICATED');
      const shopper = await call(method, url, body, 'visitor-token');
      expect([shopper.status, code(shopper.body)], `${method} ${url}`).toEqual([403, 'PERMISSION_DENIED']);
    }
  });

  it('names bad fields with their rule', async () => {
    const missing = await call('POST', '/stores/v1/products', { product: { priceData: {} } }, owner);
    expect(missing.status).toBe(400);
    expect(fields(missing.body)).toEqual([
      'product.name REQUIRED_FIELD',
      'product.priceData.price REQUIRED_FIELD',
    ]);
    const bad = await call(
      'POST',
      '/stores/v1/products',
      {
        product: {
          name: 'x'.repeat(81),
          priceData: { price: 1.999 },
          productType: 'furniture',
          weight: 'heavy',
          discount: { type: 'PERCENT', value: 12.345 },
          productOptions: [{ name: 'Size', choices: [] }],
        },
      },
      owner,
    );
    expect(fields(bad.body)).toEqual([
      'product.name MAX_LENGTH',
      'product.productOptions[0].choices MIN_SIZE',
      'product.productType INVALID_ENUM_VALUE',
      'product.weight FORMAT',
    ]);
    const decimals = await call(
      'POST',
      '/stores/v1/products',
      { product: { name: 'x', priceData: { price: 1.999 }, discount: { type: 'PERCENT', value: 12.345 } } },
      owner,
    );
    expect(fields(decimals.body)).toEqual([
      'product.discount.value DECIMAL_MAX_SCALE',
      'product.priceData.price DECIMAL_MAX_SCALE',
    ]);
  });

  it('hides hidden products from shoppers (404) but not from merchants', async () => {
    const hidden = (
      await call(
        'POST',
        '/stores/v1/products',
        { product: { name: 'Secret', priceData: { price: 1 }, visible: false } },
        owner,
      )
    ).body.product;
    expect(
      code((await call('GET', `/stores-reader/v1/products/${hidden.id}`, undefined, 'member-token')).body),
    ).toBe('PRODUCT_NOT_FOUND');
    expect((await call('GET', `/stores-reader/v1/products/${hidden.id}`, undefined, owner)).status).toBe(200);
  });
});

describe('queries', () => {
  beforeAll(async () => {
    for (const [name, price] of [
      ['Alpha Lamp', 40],
      ['Beta Lamp', 25],
      ['Gamma Lamp', 60],
    ] as const) {
      await call(
        'POST',
        '/stores/v1/products',
        { product: { name, priceData: { price }, brand: 'Lumen' } },
        owner,
      );
    }
  });

  it('serves GET query-platformized?.r= and its POST fallback on every read prefix', async () => {
    const query = {
      query: {
        filter: { brand: 'Lumen' },
        sort: [{ fieldName: 'price', order: 'DESC' }],
        paging: { limit: 2, offset: 0 },
      },
    };
    for (const prefix of ['/stores-reader/v1', '/stores/v1', '/v1']) {
      const viaGet = await call('GET', `${prefix}/products/query-platformized?.r=${encode(query)}`);
      const viaPost = await call('POST', `${prefix}/products/query-platformized`, query);
      for (const reply of [viaGet, viaPost]) {
        expect(reply.status).toBe(200);
        expect(reply.body.products.map((p: { name: string }) => p.name)).toEqual([
          'Gamma Lamp',
          'Alpha Lamp',
        ]);
        expect(reply.body.metadata).toEqual({ count: 2, offset: 0, total: 3, tooManyToCount: false });
        expect(reply.body.products[0].variants).toHaveLength(1);
      }
    }
  });

  it('serves the v1 REST form with filter and sort as JSON strings, and totalResults', async () => {
    const { body } = await call('POST', '/stores/v1/products/query', {
      query: {
        filter: JSON.stringify({ name: { $endsWith: 'lamp' } }),
        sort: '[{"numericId": "desc"}]',
        paging: { limit: 1 },
      },
      includeVariants: false,
    });
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Gamma Lamp']);
    expect(body.products[0].variants).toBeUndefined();
    expect(body.metadata).toMatchObject({ items: 1, offset: 0, total: 3 });
    expect(body.totalResults).toBe(3);
  });

  it('answers 400 naming the field for bad filters, sorts and paging', async () => {
    const unknown = await call(
      'GET',
      `/stores-reader/v1/products/query-platformized?.r=${encode({ query: { filter: { colour: 'red' } } })}`,
    );
    expect(fields(unknown.body)).toEqual(['query.filter.colour FIELD_NOT_ALLOWED']);
    const limit = await call('POST', '/stores-reader/v1/products/query-platformized', {
      query: { paging: { limit: 101 } },
    });
    expect(fields(limit.body)).toEqual(['query.paging.limit MAX']);
    const notJson = await call('POST', '/stores/v1/products/query', { query: { filter: '{name:' } });
    expect(fields(notJson.body)).toEqual(['query.filter FORMAT']);
    const sort = await call('POST', '/stores/v1/products/query', {
      query: { sort: [{ fieldName: 'colour' }] },
    });
    expect(fields(sort.body)).toEqual(['query.sort[0].fieldName FIELD_NOT_ALLOWED']);
  });

  it('defaults to 50 per page', async () => {
    const { body } = await call('POST', '/stores-reader/v1/products/query-platformized', {});
    expect(body.metadata.count).toBeLessThanOrEqual(50);
    expect(body.metadata.total).toBeGreaterThanOrEqual(3);
  });
});

describe('variants, availability and store variants', () => {
  let tee: { id: string; variants: { id: string; choices: Record<string, string> }[] };
  beforeAll(async () => {
    tee = (
      await call(
        'POST',
        '/stores/v1/products',
        {
          product: {
            name: 'Wool Tee',
            priceData: { price: 30 },
            manageVariants: true,
            productOptions: [
              { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
              {
                name: 'Color',
                optionType: 'color',
                choices: [
                  { value: '#000000', description: 'Black' },
                  { value: '#ffffff', description: 'White' },
                ],
              },
            ],
            stock: { trackInventory: true, quantity: 2 },
          },
        },
        owner,
      )
    ).body.product;
  });

  it('updates variants by choices, including stock, and resets them', async () => {
    const { status, body } = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/variants`,
      {
        id: tee.id,
        variants: [
          { choices: { Color: 'White' }, price: 35, sku: 'WT-W' },
          { choices: { Size: 'M', Color: 'Black' }, stock: { quantity: 0 } },
        ],
      },
      owner,
    );
    expect(status).toBe(200);
    const prices = body.variants.map(
      (v: { choices: Record<string, string>; variant: { priceData: { price: number } } }) => [
        v.choices.Color,
        v.variant.priceData.price,
      ],
    );
    expect(prices).toEqual([
      ['Black', 30],
      ['White', 35],
      ['Black', 30],
      ['White', 35],
    ]);
    const product = (await call('GET', `/stores-reader/v1/products/${tee.id}`)).body.product;
    expect(product.priceRange).toEqual({ minValue: 30, maxValue: 35 });
    expect(product.stock.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    const bad = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/variants`,
      { variants: [{ choices: { Colour: 'White' }, price: -1 }] },
      owner,
    );
    expect(fields(bad.body)).toEqual(['variants[0].price MIN']);
    const unknownChoice = await call(
      'PATCH',
      `/stores/v1/products/${tee.id}/variants`,
      { variants: [{ choices: { Colour: 'White' } }] },
      owner,
    );
    expect(fields(unknownChoice.body)).toEqual(['variants[0].choices.Colour VALIDATION']);
    expect(
      (await call('POST', `/stores/v1/products/${tee.id}/variants/resetToDefault`, { id: tee.id }, owner))
        .body,
    ).toEqual({});
    expect((await call('GET', `/stores-reader/v1/products/${tee.id}`)).body.product.priceRange).toEqual({
      minValue: 30,
      maxValue: 30,
    });
  });

  it('answers productOptionsAvailability for partial and full selections', async () => {
    const partial = await call('POST', `/stores-reader/v1/products/${tee.id}/productOptionsAvailability`, {
      id: tee.id,
      options: { Size: 'M' },
    });
    expect(partial.body.selectedVariant).toBeUndefined();
    expect(partial.body.availableForPurchase).toBe(false);
    const colors = partial.body.productOptions[1].choices;
    expect(colors.map((c: { description: string; inStock: boolean }) => [c.description, c.inStock])).toEqual([
      ['Black', false],
      ['White', true],
    ]);
    const full = await call('POST', `/v1/products/${tee.id}/productOptionsAvailability`, {
      options: { Size: 'S', Color: 'White' },
    });
    expect(full.body).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { price: { price: 30 }, inStock: true, quantity: 2, visible: true },
    });
    const soldOut = await call('POST', `/v1/products/${tee.id}/productOptionsAvailability`, {
      options: { Size: 'M', Color: 'Black' },
    });
    expect(soldOut.body).toMatchObject({ availableForPurchase: false, selectedVariant: { inStock: false } });
    const bad = await call('POST', `/v1/products/${tee.id}/productOptionsAvailability`, {
      options: { Size: 'XXL' },
    });
    expect(fields(bad.body)).toEqual(['options.Size VALIDATION']);
  });

  it('queries a product variants by choices and ids, and store variants across products', async () => {
    const byChoice = await call('POST', `/stores-reader/v1/products/${tee.id}/variants/query`, {
      choices: { Size: 'S' },
      paging: { limit: 1 },
    });
    expect(byChoice.body).toMatchObject({ metadata: { items: 1, offset: 0 }, totalResults: 2 });
    const first = tee.variants[0] as { id: string };
    const byId = await call('POST', `/v1/products/${tee.id}/variants/query`, { variantIds: [first.id] });
    expect(byId.body.variants.map((v: { id: string }) => v.id)).toEqual([first.id]);
    const store = await call('POST', '/stores-reader/v1/variants/query', {
      query: { filter: { productId: tee.id }, sort: [{ fieldName: 'sku' }] },
    });
    expect(store.body.metadata.total).toBe(4);
    const storeId = `${tee.id}-${first.id}`;
    const one = await call('GET', `/stores-reader/v1/variants/${storeId}`);
    expect(one.body.variant).toMatchObject({
      id: storeId,
      productId: tee.id,
      variantName: 'S / Black',
      productName: 'Wool Tee',
      managedVariant: true,
    });
    expect(code((await call('GET', '/stores-reader/v1/variants/nonsense')).body)).toBe('VARIANT_NOT_FOUND');
  });
});

describe('bulk calls and search', () => {
  it('bulk update and adjust answer per item, in the protocol shape', async () => {
    const a = (
      await call(
        'POST',
        '/stores/v1/products',
        { product: { name: 'Bulk A', priceData: { price: 10 } } },
        owner,
      )
    ).body.product;
    const update = await call(
      'POST',
      '/stores/v1/bulk/products/update',
      { ids: [a.id, 'missing'], set: { price: 9.99, ribbon: 'Sale' } },
      owner,
    );
    expect(update.body).toEqual({
      results: [
        { itemMetadata: { id: a.id, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: 'missing',
            originalIndex: 1,
            success: false,
            error: { code: 'PRODUCT_NOT_FOUND', description: expect.any(String) },
          },
        },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
    });
    const adjust = await call(
      'POST',
      '/stores/v1/bulk/products/adjust-properties',
      { adjust: { price: { percentage: -10 } }, ids: [a.id] },
      owner,
    );
    expect(adjust.body.bulkActionMetadata.totalSuccesses).toBe(1);
    const amount = await call(
      'POST',
      '/v1/bulk/products/adjust-properties',
      { adjust: { price: { amount: -0.99 } }, ids: [a.id] },
      owner,
    );
    expect(amount.status).toBe(200);
    expect((await call('GET', `/v1/products/${a.id}`)).body.product.priceData.price).toBe(8);
    const both = await call(
      'POST',
      '/v1/bulk/products/adjust-properties',
      { adjust: { price: { amount: 1, percentage: 5 } }, ids: [a.id] },
      owner,
    );
    expect(fields(both.body)).toEqual(['adjust.price ONE_OF_ALIGNMENT']);
    const empty = await call('POST', '/v1/bulk/products/update', { ids: [], set: {} }, owner);
    expect(fields(empty.body)).toEqual(['ids MIN_SIZE']);
    const nothing = await call('POST', '/v1/bulk/products/update', { ids: [a.id], set: {} }, owner);
    expect(fields(nothing.body)).toEqual(['set REQUIRED_FIELD']);
  });

  it('searches with typo tolerance and returns facets', async () => {
    await call(
      'POST',
      '/stores/v1/products',
      { product: { name: 'Merino Wool Blanket', priceData: { price: 89 }, brand: 'Northern Mills' } },
      owner,
    );
    const { status, body } = await call('POST', '/stores/v1/products/search', {
      search: { expression: 'blankit' },
      facets: ['brands', 'prices'],
    });
    expect(status).toBe(200);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Merino Wool Blanket']);
    expect(body.facets).toEqual({
      brands: [{ value: 'Northern Mills', count: 1 }],
      prices: [{ from: 50, to: 100, formatted: '$50.00 – $100.00', count: 1 }],
    });
    const bad = await call('POST', '/stores/v1/products/search', { facets: ['colours'] });
    expect(fields(bad.body)).toEqual(['facets[0] INVALID_ENUM_VALUE']);
  });
});
