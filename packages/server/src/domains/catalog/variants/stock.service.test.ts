import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { countQueries } from '../../../db/query-count.js';
import { AppError } from '../../../lib/http/errors.js';
import { createTestDatabase, makeProduct, makeTee, testDatabaseKind } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';
import { type CatalogItemRef, resolveCatalogItems } from '../catalog-items.service.js';
import { DEFAULT_VARIANT_ID } from '../products/product.rules.js';
import { getProduct } from '../products/product-read.service.js';
import { ProductRecordsById } from '../products/product-rows-by-id.service.js';
import { decrementStock, restoreStock, type StockLine } from './stock.service.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const decrement = (lines: StockLine[]) => database.db.transaction((tx) => decrementStock(tx, lines));
const restore = (lines: StockLine[]) => database.db.transaction((tx) => restoreStock(tx, lines));
const quantityOf = async (productId: string, variantId = DEFAULT_VARIANT_ID) =>
  (await getProduct(database.db, { id: productId, includeHidden: true })).record.variants.find(
    (v) => v.id === variantId,
  )?.quantity;

describe('decrementStock', () => {
  it('takes tracked stock for variants by id or by options, and leaves untracked stock alone', async () => {
    const tee = await makeTee(database.db, 5);
    const mug = await makeProduct(database.db, { stock: { trackInventory: false } });
    const blueM = tee.record.variants.find((v) => v.choices.Size === 'M' && v.choices.Color === 'Blue');
    const changes = await decrement([
      { productId: tee.record.id, variantId: blueM?.id, quantity: 2 },
      { productId: tee.record.id, options: { Size: 'M', Color: 'Blue' }, quantity: 1 },
      { productId: mug.record.id, quantity: 10 },
    ]);
    expect(changes).toEqual(
      [
        { productId: tee.record.id, variantId: blueM?.id, quantity: 2 },
        { productId: mug.record.id, variantId: DEFAULT_VARIANT_ID },
      ].sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    );
    expect(await quantityOf(tee.record.id, blueM?.id)).toBe(2);
    const events = await listEntityEvents(database.db, 'product', tee.record.id);
    expect(events.at(-1)).toMatchObject({
      type: 'catalog.product.variants_changed',
      payload: { variants: [{ id: blueM?.id, quantity: 2, changedFields: ['stock'] }] },
    });
  });

  it('refuses the whole order, listing every line that does not fit, and changes nothing', async () => {
    const a = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 3 } });
    const b = await makeProduct(database.db, { stock: { trackInventory: false, inStock: false } });
    const c = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 9 } });
    const tee = await makeTee(database.db, 1);
    try {
      await decrement([
        { productId: c.record.id, quantity: 1 },
        { productId: a.record.id, quantity: 2 },
        { productId: a.record.id, quantity: 2 },
        { productId: b.record.id, quantity: 1 },
        { productId: 'missing', quantity: 1 },
        { productId: tee.record.id, quantity: 1 },
      ]);
      expect.unreachable('must refuse');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.code).toBe('INSUFFICIENT_STOCK');
      expect(appError.status).toBe(409);
      expect(appError.data.lines).toEqual([
        expect.objectContaining({
          index: 1,
          productId: a.record.id,
          requested: 4,
          available: 3,
          reason: 'INSUFFICIENT_STOCK',
        }),
        expect.objectContaining({ index: 3, productId: b.record.id, reason: 'OUT_OF_STOCK' }),
        expect.objectContaining({ index: 4, productId: 'missing', reason: 'PRODUCT_NOT_FOUND' }),
        expect.objectContaining({ index: 5, productId: tee.record.id, reason: 'OPTIONS_REQUIRED' }),
      ]);
    }
    expect(await quantityOf(a.record.id)).toBe(3);
    expect(await quantityOf(c.record.id)).toBe(9);
  });

  it('rejects quantities below 1 naming the line', async () => {
    const a = await makeProduct(database.db);
    await expect(decrement([{ productId: a.record.id, quantity: 0 }])).rejects.toMatchObject({
      violations: [expect.objectContaining({ field: 'lines[0].quantity', violatedRule: 'MIN' })],
    });
  });

  it(`never goes below zero under concurrency: 50 parallel orders of 1 against 10 (${testDatabaseKind()})`, async () => {
    const product = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 10 } });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => decrement([{ productId: product.record.id, quantity: 1 }])),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toBe(10);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(await quantityOf(product.record.id)).toBe(0);
  });

  it('does not deadlock when orders lock the same variants in different line orders', async () => {
    const x = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 100 } });
    const y = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 100 } });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decrement(
          i % 2 === 0
            ? [
                { productId: x.record.id, quantity: 1 },
                { productId: y.record.id, quantity: 1 },
              ]
            : [
                { productId: y.record.id, quantity: 1 },
                { productId: x.record.id, quantity: 1 },
              ],
        ),
      ),
    );
    expect(await quantityOf(x.record.id)).toBe(80);
    expect(await quantityOf(y.record.id)).toBe(80);
  });
});

describe('restoreStock', () => {
  it('puts tracked stock back and skips what no longer exists', async () => {
    const product = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 1 } });
    await decrement([{ productId: product.record.id, quantity: 1 }]);
    const changes = await restore([
      { productId: product.record.id, quantity: 3 },
      { productId: 'gone', quantity: 1 },
    ]);
    expect(changes).toEqual([{ productId: product.record.id, variantId: DEFAULT_VARIANT_ID, quantity: 3 }]);
    expect(await quantityOf(product.record.id)).toBe(3);
  });
});

describe('resolveCatalogItems', () => {
  it('resolves any number of references in one round-trip with prices, type, image, page and availability', async () => {
    const records = new ProductRecordsById(database.db);
    const tee = await makeTee(database.db, 2, {
      discount: { type: 'PERCENT', value: 1000 },
      media: [{ url: 'https://cdn.example/tee.jpg', altText: 'A tee' }],
      variants: [
        { choices: { Size: 'L', Color: 'Red' }, priceMinor: 3000, sku: 'TEE-LR', stock: { quantity: 0 } },
      ],
    });
    const card = await makeProduct(database.db, { name: 'Gift Card', giftCard: true, priceMinor: 5000 });
    const ebook = await makeProduct(database.db, {
      name: 'E-book',
      productType: 'digital',
      digitalFiles: [{ id: 'f-1', fileName: 'book.epub', fileType: 'SECURE_DOCUMENT' }],
    });
    const hidden = await makeProduct(database.db, { visible: false });
    const refs: CatalogItemRef[] = [
      { productId: tee.record.id, options: { Size: 'L', Color: '#d32f2f' } },
      { productId: card.record.id },
      { productId: ebook.record.id, variantId: DEFAULT_VARIANT_ID },
      { productId: hidden.record.id },
      { productId: tee.record.id, options: { Size: 'L' } },
      { productId: tee.record.id, variantId: 'nope' },
      { productId: 'missing' },
    ];
    const { result, queries } = await countQueries(() =>
      resolveCatalogItems(database.db, refs, { records, baseUrl: 'https://shop.example' }),
    );
    expect(queries).toBe(1);
    expect(result[0]).toMatchObject({
      name: 'Tee',
      sku: 'TEE-LR',
      itemType: 'PHYSICAL',
      currency: 'USD',
      fullPriceMinor: 3000,
      priceMinor: 2700,
      choices: [
        { option: 'Size', choice: 'L' },
        { option: 'Color', choice: 'Red', colorCode: '#d32f2f' },
      ],
      image: { url: 'https://cdn.example/tee.jpg', altText: 'A tee' },
      productPageUrl: { base: 'https://shop.example', path: `/product-page/${tee.record.slug}` },
      available: false,
      quantityAvailable: 0,
    });
    expect(result[1]).toMatchObject({
      itemType: 'GIFT_CARD',
      productType: 'digital',
      priceMinor: 5000,
      available: true,
    });
    expect(result[1]?.quantityAvailable).toBeUndefined();
    expect(result[2]).toMatchObject({ itemType: 'DIGITAL', digitalFileIds: ['f-1'] });
    expect(result[3]).toMatchObject({ available: false, inStock: true });
    expect(result.slice(4).map((item) => item.problem)).toEqual([
      'OPTIONS_REQUIRED',
      'VARIANT_NOT_FOUND',
      'PRODUCT_NOT_FOUND',
    ]);
    const many = await countQueries(() =>
      resolveCatalogItems(
        database.db,
        Array.from({ length: 200 }, () => refs[1]!),
        { records },
      ),
    );
    expect(many.queries).toBe(1);
  });
});
