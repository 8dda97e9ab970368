import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { seedQueryCatalog } from '../../../testing/catalog-query.js';
import { createTestDatabase, TEST_WRITE } from '../../../testing/index.js';
import { COUNT_CAP, queryProducts } from '../products/product-read.service.js';
import { updateProduct } from '../products/product-write.service.js';

// The filter language against real rows: every operator, the product fields, sorting and paging. That a
// bad filter is a 400 naming the field, never a database error: product-query-refusals.test.ts.
let database: Database;
let ids: Record<string, string>;
let kitchen: string;
let sale: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ ids, kitchen, sale } = await seedQueryCatalog(database));
});
afterAll(() => database.close());

async function names(filter: unknown, options: { sort?: unknown; includeHidden?: boolean } = {}) {
  const page = await queryProducts(database.db, {
    filter,
    sort: options.sort ?? [{ fieldName: 'name', order: 'ASC' }],
    includeHidden: options.includeHidden ?? false,
    currency: 'USD',
  });
  return page.items.map((item) => item.record.name);
}

describe('filter operators', () => {
  it('$eq (implicit and explicit), $ne, and null equality for isEmpty / isNotEmpty', async () => {
    expect(await names({ name: 'Red Mug' })).toEqual(['Red Mug']);
    expect(await names({ brand: { $eq: 'Clayworks' } })).toEqual(['Blue Mug', 'Red Mug']);
    expect(await names({ brand: { $ne: 'Clayworks' } })).toEqual(['Tea 100% leaf_', 'Tee']);
    expect(await names({ ribbon: null })).toEqual(['Blue Mug', 'Tea 100% leaf_', 'Tee']);
    expect(await names({ ribbon: { $ne: null } })).toEqual(['Red Mug']);
  });

  it('$gt/$gte/$lt/$lte on prices in major units (price = what the buyer pays)', async () => {
    expect(await names({ price: { $lt: 9 } })).toEqual(['Red Mug', 'Tea 100% leaf_']);
    expect(await names({ 'priceData.price': { $lt: 9 } })).toEqual(['Tea 100% leaf_']);
    expect(await names({ price: { $gte: 8.99, $lte: 12.5 } })).toEqual(['Blue Mug', 'Tea 100% leaf_']);
    expect(await names({ 'priceData.price': { $gt: 12.499 } })).toEqual(['Blue Mug', 'Tee']);
    expect(await names({ weight: { $gt: 0.3 } })).toEqual(['Blue Mug']);
  });

  it('$in, $hasSome, $hasAll and $exists on collectionIds', async () => {
    expect(await names({ id: { $in: [ids.red, ids.tea, 'missing'] } })).toEqual([
      'Red Mug',
      'Tea 100% leaf_',
    ]);
    expect(await names({ id: { $in: [] } })).toEqual([]);
    expect(await names({ collectionIds: { $hasSome: [sale, 'other'] } })).toEqual([
      'Blue Mug',
      'Tea 100% leaf_',
    ]);
    expect(await names({ collectionIds: { $hasAll: [kitchen, sale] } })).toEqual(['Blue Mug']);
    expect(await names({ collectionIds: { $exists: false } })).toEqual(['Tee']);
    expect(await names({ sku: { $exists: true } })).toEqual(['Blue Mug']);
  });

  it('$startsWith, $endsWith, $contains: case-insensitive, with % and _ taken literally', async () => {
    expect(await names({ name: { $startsWith: 'blue' } })).toEqual(['Blue Mug']);
    expect(await names({ name: { $endsWith: 'MUG' } })).toEqual(['Blue Mug', 'Red Mug']);
    expect(await names({ name: { $contains: '100%' } })).toEqual(['Tea 100% leaf_']);
    expect(await names({ name: { $contains: '%' } })).toEqual(['Tea 100% leaf_']);
    expect(await names({ name: { $endsWith: '_' } })).toEqual(['Tea 100% leaf_']);
    expect(await names({ name: { $contains: 'e_' } })).toEqual([]);
  });

  it('$and, $or, $not, nested', async () => {
    expect(
      await names({
        $or: [
          { name: { $startsWith: 'Red' } },
          { $and: [{ productType: 'digital' }, { price: { $lt: 10 } }] },
        ],
      }),
    ).toEqual(['Red Mug', 'Tea 100% leaf_']);
    expect(await names({ $not: { brand: 'Clayworks' } })).toEqual(['Tea 100% leaf_', 'Tee']);
    expect(await names({ $and: [] })).toHaveLength(4);
    expect(await names({ $or: [] })).toEqual([]);
  });

  it('filters by stock: inStock and the derived inventory status', async () => {
    expect(await names({ inStock: false })).toEqual(['Tea 100% leaf_']);
    expect(await names({ 'stock.inventoryStatus': 'PARTIALLY_OUT_OF_STOCK' })).toEqual(['Tee']);
    expect(await names({ inventoryStatus: { $in: ['OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'] } })).toEqual([
      'Tea 100% leaf_',
      'Tee',
    ]);
    expect(await names({ 'stock.inventoryStatus': { $ne: 'IN_STOCK' } })).toEqual(['Tea 100% leaf_', 'Tee']);
  });

  it('filters by numericId (int64 as string or number) and dates', async () => {
    const all = await queryProducts(database.db, { includeHidden: true, currency: 'USD' });
    const first = all.items[0]?.record;
    expect(first?.numericId).toBe(1001);
    expect(await names({ numericId: '1001' })).toEqual(['Blue Mug']);
    expect(await names({ numericId: { $gt: 1003 } })).toEqual(['Tee']);
    await updateProduct(
      database.db,
      ids.red as string,
      { description: 'touched' },
      { ...TEST_WRITE, now: new Date('2030-01-01T00:00:00Z') },
    );
    expect(await names({ lastUpdated: { $gte: '2029-12-31T00:00:00.000Z' } })).toEqual(['Red Mug']);
    expect(await names({ createdDate: { $lt: '2000-01-01T00:00:00Z' } })).toEqual([]);
  });

  it('hides hidden products from shoppers only', async () => {
    expect(await names({ name: { $contains: 'Lamp' } })).toEqual([]);
    expect(await names({ name: { $contains: 'Lamp' } }, { includeHidden: true })).toEqual(['Hidden Lamp']);
    expect(await names({ visible: false }, { includeHidden: true })).toEqual(['Hidden Lamp']);
  });
});

describe('sorting and paging', () => {
  it('sorts by the price a buyer pays, numericId by default, and pages with a stable order', async () => {
    expect(await names({}, { sort: [{ fieldName: 'price', order: 'ASC' }] })).toEqual([
      'Red Mug',
      'Tea 100% leaf_',
      'Blue Mug',
      'Tee',
    ]);
    expect(await names({}, { sort: [{ price: 'desc' }] })).toEqual([
      'Tee',
      'Blue Mug',
      'Tea 100% leaf_',
      'Red Mug',
    ]);
    expect(await names({}, { sort: null })).toEqual(['Blue Mug', 'Red Mug', 'Tea 100% leaf_', 'Tee']);
    const page = await queryProducts(database.db, {
      paging: { limit: 2, offset: 2 },
      includeHidden: false,
      currency: 'USD',
    });
    expect(page.items.map((i) => i.record.name)).toEqual(['Tea 100% leaf_', 'Tee']);
    expect(page.metadata).toEqual({ count: 2, offset: 2, total: 4, tooManyToCount: false });
    const past = await queryProducts(database.db, {
      paging: { limit: 2, offset: 10 },
      includeHidden: false,
      currency: 'USD',
    });
    expect(past.metadata).toEqual({ count: 0, offset: 10, total: 4, tooManyToCount: false });
    const none = await queryProducts(database.db, {
      paging: { limit: 0 },
      includeHidden: false,
      currency: 'USD',
    });
    expect(none.metadata.total).toBe(4);
    expect(COUNT_CAP).toBe(10_000);
  });
});
