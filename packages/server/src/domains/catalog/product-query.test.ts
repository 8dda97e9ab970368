import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { ValidationFailed } from '../../lib/http/errors.js';
import { createTestDatabase, makeCollection, makeProduct, TEST_WRITE } from '../../testing/index.js';
import { COUNT_CAP, queryProducts } from './product-read.service.js';
import { updateProduct } from './product-write.service.js';
import { updateVariants } from './variants.service.js';

// The filter language against real rows: every operator, the product fields, sorting, paging, and
// the promise that a bad filter is a 400 naming the field — never a database error.
let database: Database;
const ids: Record<string, string> = {};
let kitchen: string;
let sale: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  kitchen = (await makeCollection(db, 'Kitchen')).id;
  sale = (await makeCollection(db, 'Sale')).id;
  const made = [
    await makeProduct(db, {
      name: 'Blue Mug',
      priceMinor: 1250,
      brand: 'Clayworks',
      sku: 'MUG-1',
      collectionIds: [kitchen, sale],
      weight: 0.4,
    }),
    await makeProduct(db, {
      name: 'Red Mug',
      priceMinor: 1000,
      brand: 'Clayworks',
      collectionIds: [kitchen],
      ribbon: 'New',
      discount: { type: 'PERCENT', value: 5000 },
    }),
    await makeProduct(db, {
      name: 'Tea 100% leaf_',
      priceMinor: 899,
      productType: 'digital',
      collectionIds: [sale],
      stock: { trackInventory: true, quantity: 0 },
    }),
    await makeProduct(db, { name: 'Hidden Lamp', priceMinor: 5000, visible: false }),
    await makeProduct(db, {
      name: 'Tee',
      priceMinor: 2000,
      manageVariants: true,
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      stock: { trackInventory: true, quantity: 2 },
    }),
  ];
  for (const [i, key] of ['blue', 'red', 'tea', 'lamp', 'tee'].entries())
    ids[key] = made[i]?.record.id as string;
  await updateVariants(
    db,
    ids.tee as string,
    [{ choices: { Size: 'M' }, stock: { quantity: 0 } }],
    TEST_WRITE,
  );
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

async function violations(filter: unknown, sort?: unknown) {
  try {
    await queryProducts(database.db, { filter, sort, includeHidden: true, currency: 'USD' });
  } catch (error) {
    if (error instanceof ValidationFailed) return error.violations.map((v) => `${v.field} ${v.violatedRule}`);
    throw error;
  }
  throw new Error('expected a validation failure');
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

describe('bad filters are 400s naming the field and rule', () => {
  it('names unknown fields and operators', async () => {
    expect(await violations({ colour: 'red', name: { $regex: 'a' }, $xor: [] })).toEqual([
      'query.filter.$xor FIELD_NOT_ALLOWED',
      'query.filter.colour FIELD_NOT_ALLOWED',
      'query.filter.name.$regex FIELD_NOT_ALLOWED',
    ]);
    expect(await violations({ $and: [{ price: { $startsWith: '1' } }] })).toEqual([
      'query.filter.$and[0].price.$startsWith FIELD_NOT_ALLOWED',
    ]);
  });

  it('checks values by field kind', async () => {
    expect(
      await violations({
        price: { $gt: 'cheap' },
        numericId: 'abc',
        createdDate: { $lt: 'yesterday' },
        visible: 'yes',
        productType: 'furniture',
        id: { $in: 'p-1' },
        name: { $startsWith: 5 },
      }),
    ).toEqual([
      'query.filter.createdDate.$lt FORMAT',
      'query.filter.id.$in VALIDATION',
      'query.filter.name.$startsWith VALIDATION',
      'query.filter.numericId VALIDATION',
      'query.filter.price.$gt VALIDATION',
      'query.filter.productType INVALID_ENUM_VALUE',
      'query.filter.visible VALIDATION',
    ]);
    expect(await violations('name = 1')).toEqual(['query.filter VALIDATION']);
  });

  it('names bad sort fields and orders', async () => {
    expect(
      await violations(undefined, [{ fieldName: 'description' }, { fieldName: 'name', order: 'UP' }]),
    ).toEqual(['query.sort[0].fieldName FIELD_NOT_ALLOWED', 'query.sort[1].order INVALID_ENUM_VALUE']);
  });

  it('never lets a database error escape, whatever the filter', async () => {
    const scalar = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
    );
    const field = fc.constantFrom(
      'id',
      'name',
      'price',
      'priceData.price',
      'numericId',
      'collectionIds',
      'visible',
      'createdDate',
      'inventoryStatus',
      'inStock',
      'productType',
      'weight',
      'bogus',
    );
    const operator = fc.constantFrom(
      '$eq',
      '$ne',
      '$gt',
      '$gte',
      '$lt',
      '$lte',
      '$in',
      '$hasSome',
      '$hasAll',
      '$startsWith',
      '$endsWith',
      '$contains',
      '$exists',
      '$nope',
    );
    const condition = fc
      .tuple(field, operator, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })))
      .map(([f, op, value]) => ({ [f]: { [op]: value } }));
    const filter = fc.oneof(
      condition,
      fc.array(condition, { maxLength: 3 }).map((items) => ({ $or: items })),
    );
    await fc.assert(
      fc.asyncProperty(filter, async (value) => {
        try {
          await queryProducts(database.db, { filter: value, includeHidden: true, currency: 'USD' });
        } catch (error) {
          if (!(error instanceof ValidationFailed)) throw error;
        }
      }),
      { numRuns: 150 },
    );
  });
});
