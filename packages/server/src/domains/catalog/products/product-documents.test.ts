import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureQueries } from '../../../db/query-count.js';
import {
  createTestDatabase,
  makeCollection,
  makeProduct,
  TEST_WRITE,
  type TestDatabase,
  testDocumentContext,
} from '../../../testing/index.js';
import {
  addProductsToCollection,
  deleteCollection,
  removeProductsFromCollection,
} from '../collections/collections.service.js';
import { productDocuments, products } from '../products.schema.js';
import { importCatalog } from '../transfer/import.service.js';
import { decrementStock, restoreStock } from '../variants/stock.service.js';
import { resetVariants, updateVariants } from '../variants/variants.service.js';
import { bulkAdjustProducts, bulkUpdateProducts } from './bulk.service.js';
import { productOut } from './product.mapper.js';
import { viewProduct } from './product.rules.js';
import { productDocumentById, queryProductDocuments } from './product-documents.service.js';
import { addProductMedia, removeBrand, removeProductMedia, removeRibbon } from './product-edits.service.js';
import type { ProductInput } from './product-input.rules.js';
import { queryProducts } from './product-read.service.js';
import { loadProductRecords } from './product-rows.service.js';
import { deleteProduct, updateProduct } from './product-write.service.js';

/*
 * ADR 041: a shopper's product document — what the list and the product page send — equals what the wire
 * mapping makes of the product's rows at that moment, after every kind of write that changes what a
 * shopper sees. Each check reads twice: the first read may rebuild, the second must be served from the
 * stored documents alone (one statement) and still be equal.
 */

let database: TestDatabase;
const ctx = testDocumentContext('https://shop.example');
const ids: string[] = [];
const collectionIds: string[] = [];

const option = (name: string, values: string[]) => ({ name, choices: values.map((value) => ({ value })) });

/** Varied products: options and managed variants, discounts, media, ribbons, units, hidden, stock kinds. */
const productInput: fc.Arbitrary<ProductInput> = fc.record({
  priceMinor: fc.integer({ min: 500, max: 500_000 }),
  discount: fc.constantFrom(
    { type: 'NONE' as const, value: 0 },
    { type: 'PERCENT' as const, value: 1250 },
    { type: 'AMOUNT' as const, value: 300 },
  ),
  visible: fc.boolean(),
  ribbon: fc.constantFrom(null, 'Sale'),
  brand: fc.constantFrom(null, 'Loom'),
  weight: fc.constantFrom(null, 0.25),
  costMinor: fc.constantFrom(null, 120),
  pricePerUnit: fc.constantFrom(null, {
    totalQuantity: 500,
    totalMeasurementUnit: 'G' as const,
    baseQuantity: 100,
    baseMeasurementUnit: 'G' as const,
  }),
  manageVariants: fc.boolean(),
  productOptions: fc.constantFrom(
    [],
    [option('Size', ['S', 'M'])],
    [option('Size', ['S', 'M', 'L']), option('Fit', ['Slim', 'Loose'])],
  ),
  stock: fc.constantFrom(
    { trackInventory: true, quantity: 3 },
    { trackInventory: false, inStock: true },
    { inStock: false },
  ),
  media: fc.constantFrom([], [{ url: 'https://cdn.example/a.jpg', altText: 'A' }]),
});

beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of ['Docs A', 'Docs B']) collectionIds.push((await makeCollection(database.db, name)).id);
  const inputs = fc.sample(productInput, { numRuns: 16, seed: 4101 });
  for (const [index, input] of inputs.entries()) {
    const managed = input.manageVariants && (input.productOptions?.length ?? 0) > 0;
    const { record } = await makeProduct(database.db, {
      ...input,
      manageVariants: managed,
      name: `Document ${index}`,
      collectionIds: collectionIds.slice(0, index % 3),
    });
    ids.push(record.id);
  }
});
afterAll(() => database.close());

/** What the wire mapping makes of each visible product now, in the list's order. */
async function expected() {
  const page = await queryProducts(database.db, {
    includeHidden: false,
    currency: 'USD',
    paging: { limit: 100 },
  });
  const wire = { publicUrl: ctx.publicUrl, merchantData: false, includeVariants: true };
  return {
    items: page.items.map((view) => JSON.parse(ctx.serialize(productOut(view, wire)))),
    metadata: page.metadata,
  };
}

async function documents() {
  const page = await queryProductDocuments(database.db, { currency: 'USD', paging: { limit: 100 } }, ctx);
  return { items: page.items.map((text) => JSON.parse(text)), metadata: page.metadata };
}

/** The list and every product page equal the mapping, rebuilt or not; the second list is one statement. */
async function expectFresh(label: string) {
  const want = await expected();
  expect(await documents(), `${label}: list (may rebuild)`).toEqual(want);
  const again = await captureQueries(documents);
  expect(again.result, `${label}: list from stored documents`).toEqual(want);
  expect(again.queries, `${label}: an unchanged page is one statement`).toBe(1);
  const records = await loadProductRecords(database.db, inArray(products.id, ids));
  for (const record of records) {
    const document = await productDocumentById(database.db, record.id, ctx);
    if (!record.visible) {
      expect(document, `${label}: hidden ${record.name}`).toBeUndefined();
      continue;
    }
    const mapped = productOut(viewProduct(record), {
      publicUrl: ctx.publicUrl,
      merchantData: false,
      includeVariants: true,
    });
    expect(JSON.parse(document ?? 'null'), `${label}: page of ${record.name}`).toEqual(
      JSON.parse(ctx.serialize(mapped)),
    );
  }
}

const at = (index: number) => ids[index] as string;

describe('product documents (ADR 041)', () => {
  it('equal the wire mapping of generated products, and are kept as text', async () => {
    await expectFresh('generated');
    const stored = await database.db.select().from(productDocuments);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.publicUrl).toBe(ctx.publicUrl);
  });

  it('follow product edits, visibility, discounts, media, brand and ribbon', async () => {
    const { db } = database;
    await updateProduct(db, at(0), { name: 'Renamed', description: 'New text', visible: true }, TEST_WRITE);
    await updateProduct(db, at(1), { visible: false }, TEST_WRITE);
    await updateProduct(db, at(2), { discount: { type: 'PERCENT', value: 3300 } }, TEST_WRITE);
    await updateProduct(
      db,
      at(3),
      { productOptions: [option('Colour', ['Red', 'Blue'])], manageVariants: true },
      TEST_WRITE,
    );
    await addProductMedia(db, at(4), [{ url: 'https://cdn.example/b.png', title: 'B' }], TEST_WRITE);
    await expectFresh('edits');
    const [withMedia] = await loadProductRecords(db, inArray(products.id, [at(4)]));
    await removeProductMedia(db, at(4), [withMedia?.media[0]?.id as string], TEST_WRITE);
    await updateProduct(db, at(5), { ribbon: 'New', brand: 'Other' }, TEST_WRITE);
    await removeRibbon(db, at(6), TEST_WRITE);
    await removeBrand(db, at(7), TEST_WRITE);
    await updateProduct(db, at(1), { visible: true }, TEST_WRITE);
    await expectFresh('media, brand, ribbon, visible again');
  });

  it('follow variant edits, resets and bulk edits', async () => {
    const { db } = database;
    await updateVariants(
      db,
      at(3),
      [
        {
          choices: { Colour: 'Red' },
          priceMinor: 4321,
          visible: false,
          stock: { trackQuantity: true, quantity: 2 },
        },
      ],
      TEST_WRITE,
    );
    await expectFresh('variant edit');
    await resetVariants(db, at(3), TEST_WRITE);
    await bulkUpdateProducts(db, [at(8), at(9)], { priceMinor: 999, ribbon: 'Bulk' }, TEST_WRITE);
    await bulkAdjustProducts(db, [at(10), at(11)], { price: { percentage: { rate: 10 } } }, TEST_WRITE);
    await expectFresh('reset and bulk');
  });

  it('follow collection membership, a deleted collection and an import', async () => {
    const { db } = database;
    const [a, b] = collectionIds as [string, string];
    await addProductsToCollection(db, b, [at(0), at(12)], TEST_WRITE);
    await removeProductsFromCollection(db, a, [at(1), at(2)], TEST_WRITE);
    await expectFresh('membership');
    await deleteCollection(db, a, TEST_WRITE);
    await importCatalog(
      db,
      [
        {
          kind: 'product',
          position: 'products[0]',
          data: { id: at(13), name: 'Imported name', priceData: { price: 12.5 } },
        },
        { kind: 'product', position: 'products[1]', data: { name: 'Imported new', priceData: { price: 3 } } },
      ],
      TEST_WRITE,
    );
    await expectFresh('deleted collection, import');
  });

  it('follow stock taken and returned by orders, and deletion', async () => {
    const { db } = database;
    const [tracked] = await loadProductRecords(db, inArray(products.id, ids)).then((records) =>
      records.filter(
        (record) => record.visible && record.variants.some((v) => v.trackQuantity && (v.quantity ?? 0) > 0),
      ),
    );
    expect(tracked, 'a visible product with tracked stock').toBeDefined();
    const line = {
      productId: tracked?.id as string,
      variantId: tracked?.variants.find((v) => (v.quantity ?? 0) > 0)?.id,
      quantity: 1,
    };
    await db.transaction((tx) => decrementStock(tx, [line]));
    await expectFresh('stock taken');
    await db.transaction((tx) => restoreStock(tx, [{ ...line, quantity: 2 }]));
    await expectFresh('stock returned (refund restocking)');
    const deleted = at(14);
    await deleteProduct(db, deleted, TEST_WRITE);
    ids.splice(14, 1);
    await expectFresh('deletion');
    const left = await db
      .select()
      .from(productDocuments)
      .where(inArray(productDocuments.productId, [deleted]));
    expect(left, 'a deleted product takes its document with it').toEqual([]);
  });
});
