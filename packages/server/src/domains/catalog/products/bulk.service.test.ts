import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { createTestDatabase, makeProduct, makeTee, TEST_WRITE } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';
import { adjustMoney, bulkAdjustProducts, bulkUpdateProducts } from './bulk.service.js';
import { getProduct } from './product-read.service.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const load = (id: string) => getProduct(database.db, { id, includeHidden: true });

describe('bulk update', () => {
  it('sets fields on every product with per-item results; unknown and repeated ids fail alone', async () => {
    const a = await makeProduct(database.db, { priceMinor: 1000, costMinor: 300 });
    const b = await makeProduct(database.db, { priceMinor: 2000 });
    const result = await bulkUpdateProducts(
      database.db,
      [a.record.id, 'missing', b.record.id, a.record.id],
      { priceMinor: 999, ribbon: 'Sale', brand: '' },
      TEST_WRITE,
    );
    expect(result).toEqual({
      totalSuccesses: 2,
      totalFailures: 2,
      results: [
        { id: a.record.id, originalIndex: 0, success: true },
        {
          id: 'missing',
          originalIndex: 1,
          success: false,
          error: { code: 'PRODUCT_NOT_FOUND', description: expect.any(String) },
        },
        { id: b.record.id, originalIndex: 2, success: true },
        {
          id: a.record.id,
          originalIndex: 3,
          success: false,
          error: { code: 'DUPLICATE_PRODUCT_ID', description: expect.any(String) },
        },
      ],
    });
    expect((await load(a.record.id)).record).toMatchObject({
      priceMinor: 999,
      ribbon: 'Sale',
      brand: null,
      costMinor: 300,
    });
    expect((await load(b.record.id)).record.priceMinor).toBe(999);
    const events = await listEntityEvents(database.db, 'product', a.record.id);
    expect(events.at(-1)).toMatchObject({
      type: 'catalog.product.changed',
      payload: { changedFields: ['priceMinor', 'ribbon', 'brand'] },
    });
  });

  it('keeps variant price differences when setting a price, and fails a product whose variant would go negative', async () => {
    const tee = await makeTee(database.db, 1, {
      variants: [
        { choices: { Size: 'L' }, priceMinor: 2500 },
        { choices: { Size: 'S' }, priceMinor: 500 },
      ],
    });
    const result = await bulkUpdateProducts(database.db, [tee.record.id], { priceMinor: 1800 }, TEST_WRITE);
    expect(result.totalSuccesses).toBe(1);
    const after = await load(tee.record.id);
    expect(new Set(after.variants.map((v) => v.priceMinor))).toEqual(new Set([2300, 1800, 300]));
    const failed = await bulkUpdateProducts(database.db, [tee.record.id], { priceMinor: 1400 }, TEST_WRITE);
    expect(failed.results[0]).toMatchObject({ success: false, error: { code: 'PRICE_NEGATIVE' } });
    expect((await load(tee.record.id)).record.priceMinor).toBe(1800);
  });

  it('sets cost and weight for every variant (clearing overrides)', async () => {
    const tee = await makeTee(database.db, 1, {
      variants: [{ choices: { Size: 'L' }, costMinor: 900, weight: 0.5 }],
    });
    await bulkUpdateProducts(database.db, [tee.record.id], { costMinor: 700, weight: 0.25 }, TEST_WRITE);
    const after = await load(tee.record.id);
    expect(after.variants.every((v) => v.costMinor === 700 && v.weight === 0.25)).toBe(true);
  });
});

describe('bulk adjust', () => {
  it('adjusts by an amount and by a percentage, rounding to cents or whole units', async () => {
    const a = await makeProduct(database.db, { priceMinor: 1999, costMinor: 1000, weight: 1.5 });
    await bulkAdjustProducts(
      database.db,
      [a.record.id],
      { price: { amount: -500 }, cost: { percentage: { rate: 10 } }, weight: { amount: 0.25 } },
      TEST_WRITE,
    );
    expect((await load(a.record.id)).record).toMatchObject({
      priceMinor: 1499,
      costMinor: 1100,
      weight: 1.75,
    });
    await bulkAdjustProducts(
      database.db,
      [a.record.id],
      { price: { percentage: { rate: -15 } } },
      TEST_WRITE,
    );
    expect((await load(a.record.id)).record.priceMinor).toBe(1274);
    await bulkAdjustProducts(
      database.db,
      [a.record.id],
      { price: { percentage: { rate: 10, roundToInt: true } } },
      TEST_WRITE,
    );
    expect((await load(a.record.id)).record.priceMinor).toBe(1400);
    expect(adjustMoney(1000, { percentage: { rate: -100 } }, 'USD')).toBe(0);
    expect(adjustMoney(333, { percentage: { rate: 50 } }, 'JPY')).toBe(500);
  });

  it('adjusts variant overrides too, and refuses what would go negative item by item', async () => {
    const tee = await makeTee(database.db, 1, { variants: [{ choices: { Size: 'L' }, priceMinor: 3000 }] });
    const cheap = await makeProduct(database.db, { priceMinor: 300 });
    const result = await bulkAdjustProducts(
      database.db,
      [tee.record.id, cheap.record.id],
      { price: { amount: -500 } },
      TEST_WRITE,
    );
    expect(result.results.map((r) => r.success)).toEqual([true, false]);
    expect(result.results[1]?.error?.code).toBe('PRICE_NEGATIVE');
    const after = await load(tee.record.id);
    expect(after.record.priceMinor).toBe(1500);
    expect(Math.max(...after.variants.map((v) => v.priceMinor))).toBe(2500);
    expect((await load(cheap.record.id)).record.priceMinor).toBe(300);
  });

  it('is one transaction: an unexpected failure leaves every product as it was', async () => {
    const a = await makeProduct(database.db, { priceMinor: 1000 });
    const b = await makeProduct(database.db, { priceMinor: 1000 });
    await expect(
      database.db.transaction(async (tx) => {
        await bulkAdjustProducts(tx, [a.record.id, b.record.id], { price: { amount: 100 } }, TEST_WRITE);
        throw new Error('crash after the bulk edit');
      }),
    ).rejects.toThrow('crash');
    expect((await load(a.record.id)).record.priceMinor).toBe(1000);
    expect((await load(b.record.id)).record.priceMinor).toBe(1000);
  });
});
