import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  httpHelpers,
  merchantKey,
  SHOPPER_TOKENS,
  type TestApp,
} from '../../../testing/index.js';

// Bulk edits and storefront search over HTTP.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS] });
  owner = await merchantKey(t.database, 'owner');
});
afterAll(() => t.close());

const { call, fields } = httpHelpers(() => t.app);

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
