import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { AppError, ValidationFailed } from '../../../lib/http/errors.js';
import { createTestDatabase, makeCollection, makeProduct, makeTee } from '../../../testing/index.js';
import { products } from '../products.schema.js';
import { discountedMinor } from './product.rules.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function rejection(work: Promise<unknown>): Promise<string[]> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ValidationFailed) return error.violations.map((v) => `${v.field} ${v.violatedRule}`);
    if (error instanceof AppError) return [`${error.code} ${error.status}`];
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('creating products', () => {
  it('stores the product with derived values and one default variant holding the stock', async () => {
    const view = await makeProduct(database.db, {
      name: '  Stoneware Mug ',
      priceMinor: 1250,
      costMinor: 400,
      discount: { type: 'PERCENT', value: 1000 },
      stock: { trackInventory: true, quantity: 7 },
      pricePerUnit: {
        totalQuantity: 350,
        totalMeasurementUnit: 'ML',
        baseQuantity: 100,
        baseMeasurementUnit: 'ML',
      },
      brand: ' ',
    });
    expect(view.record).toMatchObject({
      name: 'Stoneware Mug',
      slug: 'stoneware-mug',
      productType: 'physical',
      brand: null,
      currency: 'USD',
    });
    expect(view.discountedPriceMinor).toBe(1125);
    expect(view.costAndProfit).toEqual({ itemCostMinor: 400, profitMinor: 725, profitMargin: 0.6444 });
    expect(view.pricePerUnitMinor).toBe(321);
    expect(view.record.variants).toEqual([
      expect.objectContaining({
        id: '00000000-0000-0000-0000-000000000000',
        trackQuantity: true,
        quantity: 7,
      }),
    ]);
    expect(view.stock).toEqual({
      trackInventory: true,
      quantity: 7,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
    expect(view.record.numericId).toBeGreaterThanOrEqual(1001);
  });

  it('generates variants from option choices when variants are managed', async () => {
    const tee = await makeTee(database.db, 4);
    expect(tee.record.variants.map((v) => v.choices)).toEqual([
      { Size: 'S', Color: 'Red' },
      { Size: 'S', Color: 'Blue' },
      { Size: 'M', Color: 'Red' },
      { Size: 'M', Color: 'Blue' },
      { Size: 'L', Color: 'Red' },
      { Size: 'L', Color: 'Blue' },
    ]);
    expect(new Set(tee.record.variants.map((v) => v.id)).size).toBe(6);
    expect(tee.stock.quantity).toBe(24);
    const unmanaged = await makeProduct(database.db, {
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
    });
    expect(unmanaged.record.variants).toHaveLength(1);
  });

  it('sets per-variant data given with the product', async () => {
    const tee = await makeTee(database.db, 1, {
      variants: [
        { choices: { Size: 'L' }, priceMinor: 2500 },
        { choices: { Size: 'S', Color: 'Red' }, visible: false, stock: { quantity: 0 } },
      ],
    });
    expect(tee.priceRange).toEqual({ min: 2000, max: 2500 });
    expect(tee.stock.inventoryStatus).toBe('IN_STOCK');
    expect(
      tee.record.variants.find((v) => v.choices.Size === 'S' && v.choices.Color === 'Red'),
    ).toMatchObject({ visible: false, quantity: 0 });
  });

  it('dedupes generated slugs, also when created concurrently, and refuses a taken explicit slug', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, () => makeProduct(database.db, { name: 'Desk Lamp' })),
    );
    const slugs = created.map((view) => view.record.slug).sort();
    expect(slugs).toEqual(['desk-lamp', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `desk-lamp-${n}`)].sort());
    expect(await rejection(makeProduct(database.db, { name: 'Other', slug: 'desk-lamp' }))).toEqual([
      'PRODUCT_SLUG_ALREADY_EXISTS 409',
    ]);
    expect(await rejection(makeProduct(database.db, { name: 'Other', slug: 'Not A Slug' }))).toEqual([
      'product.slug FORMAT',
    ]);
  });

  it('checks the rules that span fields, naming every field', async () => {
    const collection = await makeCollection(database.db, 'Rules');
    expect(
      await rejection(
        makeProduct(database.db, {
          name: '   ',
          priceMinor: 500,
          discount: { type: 'AMOUNT', value: 600 },
          giftCard: true,
          productType: 'physical',
          digitalFiles: [{ id: 'f', fileName: 'a.pdf', fileType: 'SECURE_DOCUMENT' }],
          collectionIds: [collection.id, 'missing'],
          media: [{ mediaId: 'not-in-library' }],
          productOptions: [
            { name: 'Size', choices: [{ value: 'S' }, { value: 's' }] },
            { name: 'size', choices: [{ value: 'M' }] },
          ],
        }),
      ),
    ).toEqual([
      'product.collectionIds[1] VALIDATION',
      'product.digitalFiles FIELD_NOT_ALLOWED',
      'product.discount.value DECIMAL_LTE',
      'product.media[0].mediaId VALIDATION',
      'product.name REQUIRED_FIELD',
      'product.productOptions[0].choices[1] VALIDATION',
      'product.productOptions[1].name VALIDATION',
      'product.productType VALIDATION',
    ]);
    const tooMany = Array.from({ length: 4 }, (_, i) => ({
      name: `O${i}`,
      choices: Array.from({ length: 5 }, (_, j) => ({ value: `c${j}` })),
    }));
    expect(
      await rejection(makeProduct(database.db, { manageVariants: true, productOptions: tooMany })),
    ).toEqual(['product.productOptions MAX_SIZE']);
  });

  it('makes gift cards digital and keeps subscription plans with ids', async () => {
    const card = await makeProduct(database.db, { name: 'Gift Card', giftCard: true });
    expect(card.record.productType).toBe('digital');
    const coffee = await makeProduct(database.db, {
      subscriptionOptions: {
        oneTimePurchase: true,
        subscriptions: [
          {
            id: '',
            title: 'Monthly',
            visible: true,
            frequency: 'MONTH',
            interval: 1,
            billingCycles: 0,
            discount: { type: 'PERCENT', value: 1000 },
          },
        ],
      },
    });
    expect(coffee.record.subscriptionOptions?.subscriptions[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('computes the discounted price column exactly as the service does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (price, bp) => {
          const view = await makeProduct(database.db, {
            priceMinor: price,
            discount: { type: 'PERCENT', value: bp },
          });
          const [row] = await database.db
            .select({ d: products.discountedPriceMinor })
            .from(products)
            .where(eq(products.id, view.record.id));
          expect(Number(row?.d)).toBe(discountedMinor(price, { type: 'PERCENT', value: bp }));
        },
      ),
      { numRuns: 15 },
    );
  });
});
