import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { ValidationFailed } from '../../../lib/http/errors.js';
import { seedQueryCatalog } from '../../../testing/catalog-query.js';
import { createTestDatabase } from '../../../testing/index.js';
import { queryProducts } from '../products/product-read.service.js';

// The promise that a bad product filter is a 400 naming the field — never a database error — against
// the same rows product-query.test.ts filters.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedQueryCatalog(database);
});
afterAll(() => database.close());

async function violations(filter: unknown, sort?: unknown) {
  try {
    await queryProducts(database.db, { filter, sort, includeHidden: true, currency: 'USD' });
  } catch (error) {
    if (error instanceof ValidationFailed) return error.violations.map((v) => `${v.field} ${v.violatedRule}`);
    throw error;
  }
  throw new Error('expected a validation failure');
}

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
