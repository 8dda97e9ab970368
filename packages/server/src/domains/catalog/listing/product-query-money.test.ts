import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../../db/client.js';
import { integerBounds, shiftDecimal } from '../../../lib/query-values.js';
import { createTestDatabase, makeProduct } from '../../../testing/index.js';
import { queryProducts } from '../products/product-read.service.js';

// Money filters are bound as bigint (so the price indexes are usable) after rounding the value to the
// integer bound that selects the same rows. These tests hold that against the plain numeric comparison
// the filter means, on awkward values: fractions of a cent, negatives, values beyond bigint.
let database: Database;
const PRICES = [0, 1, 899, 1000, 1249, 1250, 1251, 2000, 5000];
const COMPARISONS = {
  $eq: '=',
  $ne: 'IS DISTINCT FROM',
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
} as const;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const priceMinor of PRICES) await makeProduct(database.db, { name: `P${priceMinor}`, priceMinor });
});
afterAll(() => database.close());

async function viaFilter(filter: unknown): Promise<string[]> {
  const page = await queryProducts(database.db, {
    filter,
    paging: { limit: 100 },
    includeHidden: true,
    currency: 'USD',
  });
  return page.items.map((item) => item.record.name).sort();
}

/** The un-optimised meaning: the column compared as numeric with the exact decimal value. */
async function viaNumeric(operator: keyof typeof COMPARISONS, major: number): Promise<string[]> {
  const value = shiftDecimal(major, 2);
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT name FROM products WHERE price_minor::numeric ${sql.raw(COMPARISONS[operator])} ${value}::numeric`,
  );
  return rows.map((row) => row.name).sort();
}

describe('money filters bound as bigint', () => {
  it('select the same rows as the numeric comparison, whatever the value', async () => {
    const major = fc.oneof(
      fc.constantFrom(0, 0.001, 8.99, 8.995, 12.49, 12.495, 12.5, 12.501, -0.5, -3, 1e17, 1e30, -1e30),
      fc.double({ min: -100, max: 100, noNaN: true }),
      fc.integer({ min: -10, max: 60 }).map((n) => n / 4),
    );
    const operator = fc.constantFrom(...(Object.keys(COMPARISONS) as (keyof typeof COMPARISONS)[]));
    await fc.assert(
      fc.asyncProperty(operator, major, async (op, value) => {
        expect(await viaFilter({ 'priceData.price': { [op]: value } })).toEqual(await viaNumeric(op, value));
      }),
      { numRuns: 120 },
    );
  });

  it('$in keeps only the whole minor amounts', async () => {
    expect(await viaFilter({ 'priceData.price': { $in: [12.5, 12.505, 0.01, 1e30] } })).toEqual([
      'P1',
      'P1250',
    ]);
    expect(await viaFilter({ 'priceData.price': { $in: [12.505] } })).toEqual([]);
  });

  it('rounds bounds exactly', () => {
    expect(integerBounds('2000')).toEqual({ floor: 2000n, ceil: 2000n, exact: true });
    expect(integerBounds('2000.5')).toEqual({ floor: 2000n, ceil: 2001n, exact: false });
    expect(integerBounds('-0.5')).toEqual({ floor: -1n, ceil: 0n, exact: false });
    expect(integerBounds('-12.000')).toEqual({ floor: -12n, ceil: -12n, exact: true });
  });
});
