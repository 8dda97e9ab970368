import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  httpHelpers,
  merchantKey,
  SHOPPER_TOKENS,
  type TestApp,
} from '../../../testing/index.js';

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

const { call, fields, code } = httpHelpers(() => t.app);

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
