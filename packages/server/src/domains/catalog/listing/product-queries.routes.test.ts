import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  httpHelpers,
  merchantKey,
  SHOPPER_TOKENS,
  type TestApp,
} from '../../../testing/index.js';

// Product queries over HTTP, and the error cases of product calls (400 naming fields, 401/403 for
// non-merchants before the body is read, hidden products).
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS] });
  owner = await merchantKey(t.database, 'owner');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const { call, fields, code, encode } = httpHelpers(() => t.app);

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

  it('sorts and filters by stock quantity (untracked stock has no number: last going up)', async () => {
    for (const [name, stock] of [
      ['Stock Few', { trackInventory: true, quantity: 2 }],
      ['Stock Many', { trackInventory: true, quantity: 40 }],
      ['Stock Untracked', { trackInventory: false, inStock: true }],
      ['Stock None', { trackInventory: true, quantity: 0 }],
    ] as const) {
      const created = await call(
        'POST',
        '/stores/v1/products',
        { product: { name, priceData: { price: 1 }, stock } },
        owner,
      );
      expect(created.status).toBe(200);
    }
    const names = async (order: 'ASC' | 'DESC', filter: object = { name: { $startsWith: 'Stock ' } }) =>
      (
        await call('POST', '/stores/v1/products/query', {
          query: { filter, sort: [{ fieldName: 'stock.quantity', order }] },
        })
      ).body.products.map((p: { name: string }) => p.name);
    expect(await names('ASC')).toEqual(['Stock None', 'Stock Few', 'Stock Many', 'Stock Untracked']);
    expect(await names('DESC')).toEqual(['Stock Untracked', 'Stock Many', 'Stock Few', 'Stock None']);
    expect(await names('ASC', { 'stock.quantity': { $lt: 5 } })).toEqual(['Stock None', 'Stock Few']);
  });

  it('defaults to 50 per page', async () => {
    const { body } = await call('POST', '/stores-reader/v1/products/query-platformized', {});
    expect(body.metadata.count).toBeLessThanOrEqual(50);
    expect(body.metadata.total).toBeGreaterThanOrEqual(3);
  });
});
