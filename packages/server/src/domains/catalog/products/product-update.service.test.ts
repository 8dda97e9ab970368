import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { AppError, ValidationFailed } from '../../../lib/http/errors.js';
import { createTestDatabase, makeProduct, makeTee, TEST_WRITE } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';
import { products, productVariants } from '../products.schema.js';
import {
  addChoiceMedia,
  addProductMedia,
  deleteProductOptions,
  removeBrand,
  removeProductMedia,
} from './product-edits.service.js';
import { getProduct } from './product-read.service.js';
import { createProduct, deleteProduct, updateProduct } from './product-write.service.js';

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

describe('updating products', () => {
  it('changes only the fields given and records catalog.product.changed', async () => {
    const created = await makeProduct(database.db, { name: 'Vase', brand: 'Oak & Ash', priceMinor: 3000 });
    const updated = await updateProduct(
      database.db,
      created.record.id,
      { priceMinor: 2800, ribbon: 'Sale' },
      TEST_WRITE,
    );
    expect(updated.record).toMatchObject({
      name: 'Vase',
      slug: 'vase',
      brand: 'Oak & Ash',
      priceMinor: 2800,
      ribbon: 'Sale',
    });
    expect(updated.record.lastUpdated.getTime()).toBeGreaterThanOrEqual(created.record.lastUpdated.getTime());
    const events = await listEntityEvents(database.db, 'product', created.record.id);
    expect(events.map((e) => e.type)).toEqual(['catalog.product.created', 'catalog.product.changed']);
    expect(events[1]?.payload).toMatchObject({
      changedFields: ['priceMinor', 'ribbon'],
      product: { priceMinor: 2800, ribbon: 'Sale' },
    });
    expect(events[1]?.actor).toEqual({ identityType: 'WIX_USER', id: 'test' });
  });

  it('regenerates variants when options change, keeping the data of combinations that remain', async () => {
    const tee = await makeTee(database.db, 5, {
      variants: [{ choices: { Size: 'M', Color: 'Blue' }, priceMinor: 2600, sku: 'TEE-MB' }],
    });
    const kept = tee.record.variants.find((v) => v.sku === 'TEE-MB');
    const updated = await updateProduct(
      database.db,
      tee.record.id,
      {
        productOptions: [
          { name: 'Size', choices: [{ value: 'M' }, { value: 'XL' }] },
          { name: 'Color', optionType: 'color', choices: [{ value: '#1976d2', description: 'Blue' }] },
        ],
      },
      TEST_WRITE,
    );
    expect(updated.record.variants.map((v) => v.choices)).toEqual([
      { Size: 'M', Color: 'Blue' },
      { Size: 'XL', Color: 'Blue' },
    ]);
    expect(updated.record.variants[0]).toMatchObject({
      id: kept?.id,
      priceMinor: 2600,
      sku: 'TEE-MB',
      quantity: 5,
    });
    const events = await listEntityEvents(database.db, 'product', tee.record.id);
    expect(events.map((e) => e.type)).toContain('catalog.product.variants_changed');
  });

  it('collapses variants into the default one (keeping the stock) when options are deleted', async () => {
    const tee = await makeTee(database.db, 2);
    const collapsed = await deleteProductOptions(database.db, tee.record.id, TEST_WRITE);
    expect(collapsed.record.manageVariants).toBe(false);
    expect(collapsed.record.variants).toEqual([
      expect.objectContaining({
        id: '00000000-0000-0000-0000-000000000000',
        trackQuantity: true,
        quantity: 12,
      }),
    ]);
    const rows = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, tee.record.id));
    expect(rows).toHaveLength(1);
  });

  it('updates stock of a simple product and the tracking mode of managed variants', async () => {
    const simple = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 3 } });
    const out = await updateProduct(database.db, simple.record.id, { stock: { quantity: 0 } }, TEST_WRITE);
    expect(out.stock.inventoryStatus).toBe('OUT_OF_STOCK');
    const untracked = await updateProduct(
      database.db,
      simple.record.id,
      { stock: { trackInventory: false, inStock: true } },
      TEST_WRITE,
    );
    expect(untracked.stock).toEqual({ trackInventory: false, inStock: true, inventoryStatus: 'IN_STOCK' });
  });

  it('removes the brand, manages media and choice media', async () => {
    const tee = await makeTee(database.db, 1, { brand: 'Loom' });
    expect((await removeBrand(database.db, tee.record.id, TEST_WRITE)).record.brand).toBeNull();
    const withMedia = await addProductMedia(
      database.db,
      tee.record.id,
      [
        { url: 'https://cdn.example/tee-red.jpg', choice: { option: 'Color', choice: 'Red' } },
        { url: 'https://cdn.example/tee.mp4' },
      ],
      TEST_WRITE,
    );
    expect(withMedia.record.media.map((m) => m.mediaType)).toEqual(['image', 'video']);
    const [red, video] = withMedia.record.media;
    expect(withMedia.record.productOptions[1]?.choices[0]?.mediaIds).toEqual([red?.id]);
    const blue = await addChoiceMedia(
      database.db,
      tee.record.id,
      [{ option: 'Color', choice: 'Blue', mediaIds: [video?.id as string] }],
      TEST_WRITE,
    );
    expect(blue.record.productOptions[1]?.choices[1]?.mediaIds).toEqual([video?.id]);
    expect(
      await rejection(
        addChoiceMedia(
          database.db,
          tee.record.id,
          [{ option: 'Size', choice: 'S', mediaIds: [red?.id as string] }],
          TEST_WRITE,
        ),
      ),
    ).toEqual(['media VALIDATION']);
    const removed = await removeProductMedia(database.db, tee.record.id, [red?.id as string], TEST_WRITE);
    expect(removed.record.media).toHaveLength(1);
    expect(removed.record.productOptions[1]?.choices[0]?.mediaIds).toEqual([]);
  });

  it('refuses unknown products with PRODUCT_NOT_FOUND', async () => {
    expect(await rejection(updateProduct(database.db, 'missing', { name: 'x' }, TEST_WRITE))).toEqual([
      'PRODUCT_NOT_FOUND 404',
    ]);
    expect(await rejection(deleteProduct(database.db, 'missing', TEST_WRITE))).toEqual([
      'PRODUCT_NOT_FOUND 404',
    ]);
  });

  it('serialises concurrent updates of one product under its row lock', async () => {
    const product = await makeProduct(database.db, { stock: { trackInventory: true, quantity: 0 } });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        updateProduct(database.db, product.record.id, { description: `v${i}`, sku: `SKU-${i}` }, TEST_WRITE),
      ),
    );
    const events = await listEntityEvents(database.db, 'product', product.record.id);
    expect(events.filter((e) => e.type === 'catalog.product.changed')).toHaveLength(10);
    const final = await getProduct(database.db, { id: product.record.id, includeHidden: true });
    const last = events.at(-1)?.payload as { product: { description: string; sku: string } };
    expect(final.record.description).toBe(last.product.description);
    expect(final.record.sku).toBe(last.product.sku);
  });
});

describe('events and transactions', () => {
  it('writes the event in the change transaction: both or neither', async () => {
    let id = '';
    await expect(
      database.db.transaction(async (tx) => {
        const view = await createProduct(tx, { name: 'Doomed', priceMinor: 100 }, TEST_WRITE);
        id = view.record.id;
        throw new Error('the order that needed it failed');
      }),
    ).rejects.toThrow('the order that needed it failed');
    expect(await listEntityEvents(database.db, 'product', id)).toEqual([]);
    expect(await database.db.select().from(products).where(eq(products.id, id))).toEqual([]);
  });

  it('records deletion with a snapshot and removes the variants', async () => {
    const tee = await makeTee(database.db, 1);
    await deleteProduct(database.db, tee.record.id, TEST_WRITE);
    const events = await listEntityEvents(database.db, 'product', tee.record.id);
    expect(events.at(-1)).toMatchObject({
      type: 'catalog.product.deleted',
      payload: { product: { id: tee.record.id, name: 'Tee' } },
    });
    expect(
      await database.db.select().from(productVariants).where(eq(productVariants.productId, tee.record.id)),
    ).toEqual([]);
  });
});
