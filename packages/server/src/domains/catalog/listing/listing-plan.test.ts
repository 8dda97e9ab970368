import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  makeCollection,
  makeProduct,
  TEST_WRITE,
  type TestDatabase,
  testDatabaseKind,
} from '../../../testing/index.js';
import { addProductsToCollection, removeProductsFromCollection } from '../collections/collections.service.js';
import {
  type ProductQueryInput,
  productOrderBy,
  productWhere,
  queryProductPage,
  queryProducts,
} from '../products/product-read.service.js';
import { deleteProduct, lockProduct, updateProduct } from '../products/product-write.service.js';
import { products, productVariants } from '../products.schema.js';
import { decrementStock, restoreStock } from '../variants/stock.service.js';
import { collectionPage } from './listing-plan.service.js';

/*
 * ADR 023: a collection page answered from product_listings must give exactly what the generic query on
 * products gives — same rows, same order, same total — after every kind of change the triggers follow
 * (membership, visibility, price and discount, stock taken and put back, variants, deletion).
 */

let database: TestDatabase;
const collectionIds: string[] = [];
const productIds: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const name of ['Kitchen', 'Garden', 'Sale']) collectionIds.push((await makeCollection(db, name)).id);
  const pick = fc.sample(fc.integer({ min: 0, max: 7 }), { numRuns: 30, seed: 2311 });
  for (const [index, bits] of pick.entries()) {
    const members = collectionIds.filter((_, c) => bits & (1 << c));
    const tracked = index % 3 === 0;
    const { record } = await makeProduct(db, {
      // Some names repeat, so the id tie-break of a name sort is exercised too.
      name: `Listed ${index % 11}`,
      // Several products share a price, so the id tie-break is exercised.
      priceMinor: 500 + (index % 7) * 1250,
      ...(index % 5 === 0 ? { discount: { type: 'PERCENT', value: 20 } } : {}),
      visible: index % 9 !== 4,
      collectionIds: members,
      stock: tracked ? { trackInventory: true, quantity: index % 2 } : { inStock: index % 4 !== 1 },
    });
    productIds.push(record.id);
  }
  // Managed variants with mixed stock: partially out of stock, and one variant hidden.
  const { record: tee } = await makeProduct(database.db, {
    name: 'Listed tee',
    priceMinor: 3000,
    collectionIds: [collectionIds[0] as string],
    manageVariants: true,
    productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
    variants: [
      { choices: { Size: 'S' }, stock: { trackQuantity: true, quantity: 0 } },
      { choices: { Size: 'M' }, stock: { trackQuantity: true, quantity: 2 } },
    ],
  });
  productIds.push(tee.id);
});
afterAll(() => database.close());

const query = fc.record({
  collections: fc.subarray([0, 1, 2], { minLength: 1 }),
  band: fc.option(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 90 })), {
    nil: undefined,
  }),
  inStock: fc.option(fc.boolean(), { nil: undefined }),
  order: fc.constantFrom('ASC', 'DESC'),
  field: fc.constantFrom('price', 'priceData.discountedPrice'),
  sortBy: fc.constantFrom(
    'price',
    'priceData.discountedPrice',
    'numericId',
    'name',
    'createdDate',
    undefined,
  ),
  offset: fc.integer({ min: 0, max: 12 }),
  limit: fc.integer({ min: 0, max: 8 }),
  includeHidden: fc.boolean(),
});

type Query = typeof query extends fc.Arbitrary<infer T> ? T : never;

function inputOf(q: Query): ProductQueryInput {
  const terms: object[] = [{ collectionIds: { $hasSome: q.collections.map((c) => collectionIds[c]) } }];
  if (q.band) terms.push({ [q.field]: { $gte: q.band[0], $lt: q.band[1] } });
  if (q.inStock !== undefined) terms.push({ inStock: q.inStock });
  return {
    filter: terms.length === 1 ? terms[0] : { $and: terms },
    ...(q.sortBy ? { sort: [{ fieldName: q.sortBy, order: q.order }] } : {}),
    paging: { limit: q.limit, offset: q.offset },
    includeHidden: q.includeHidden,
    currency: 'USD',
  };
}

/** Both plans for the same query: [from the listing, from products]. */
async function bothPlans(input: ProductQueryInput) {
  expect(collectionPage(input), 'a collection page in these orders takes the listing plan').toBeDefined();
  const generic = await queryProductPage(
    database.db,
    productWhere(input),
    productOrderBy(input.sort, input.currency, [sql`${products.numericId} ASC`]),
    input.paging,
  );
  const listed = await queryProducts(database.db, input);
  const summary = (page: typeof listed) => ({
    ids: page.items.map((item) => item.record.id),
    metadata: page.metadata,
  });
  return [summary(listed), summary(generic)];
}

async function expectSamePages(seed: number) {
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const [listed, generic] = await bothPlans(inputOf(q));
      expect(listed).toEqual(generic);
    }),
    { seed, numRuns: 40 },
  );
}

/** The triggers' stock status equals the one computed from variants when the product is read. */
async function expectStatusesFollowVariants() {
  const rows = await database.db
    .select({ id: products.id, stored: products.inventoryStatus })
    .from(products)
    .where(sql`${products.id} IN ${productIds}`);
  const { getProduct } = await import('../products/product-read.service.js');
  for (const row of rows) {
    const view = await getProduct(database.db, { id: row.id, includeHidden: true });
    expect(row.stored, `product ${view.record.name}`).toBe(view.stock.inventoryStatus);
  }
}

describe('collection pages from the listing read model (ADR 023)', () => {
  it('give the same rows, order and totals as the query on products', async () => {
    await expectStatusesFollowVariants();
    await expectSamePages(1);
  });

  it('follow membership, visibility, prices, discounts, stock and deletion', async () => {
    const { db } = database;
    const [kitchen, garden] = collectionIds as [string, string];
    const [first, second, third, fourth, fifth] = productIds as [string, string, string, string, string];
    await addProductsToCollection(db, garden, [first, second], TEST_WRITE);
    await removeProductsFromCollection(db, kitchen, [third], TEST_WRITE);
    await updateProduct(db, second, { visible: false }, TEST_WRITE);
    await updateProduct(
      db,
      fourth,
      { priceMinor: 7777, discount: { type: 'AMOUNT', value: 777 } },
      TEST_WRITE,
    );
    await updateProduct(db, fifth, { collectionIds: [garden, garden, kitchen] }, TEST_WRITE);
    await updateProduct(db, first, { name: 'Aardvark mug' }, TEST_WRITE); // renamed: first by name now
    const tracked = productIds[3] as string; // index 3: tracked with 1 in stock
    await db.transaction((tx) => decrementStock(tx, [{ productId: tracked, quantity: 1 }]));
    await updateProduct(
      db,
      productIds[6] as string,
      { stock: { trackInventory: true, quantity: 4 } },
      TEST_WRITE,
    );
    await deleteProduct(db, productIds[7] as string, TEST_WRITE);
    productIds.splice(7, 1);
    await expectStatusesFollowVariants();
    await expectSamePages(2);
    await db.transaction((tx) => restoreStock(tx, [{ productId: tracked, quantity: 2 }]));
    await expectStatusesFollowVariants();
    await expectSamePages(3);
  });

  // The stock-status trigger locks the product after the order has locked its variant; an edit must
  // take them in the same order or the two wait on each other until PostgreSQL aborts one.
  it.runIf(testDatabaseKind() === 'postgres')(
    'lets a product edit and an order that sells the product out run at once (no deadlock)',
    async () => {
      const { db } = database;
      const { record } = await makeProduct(db, { stock: { trackInventory: true, quantity: 1 } });
      let editing: () => void = () => {};
      const locked = new Promise<void>((resolve) => {
        editing = resolve;
      });
      const edit = db.transaction(async (tx) => {
        await lockProduct(tx, record.id);
        editing();
        await new Promise((resolve) => setTimeout(resolve, 300)); // the order starts meanwhile
        await tx
          .update(productVariants)
          .set({ quantity: 5 })
          .where(sql`${productVariants.productId} = ${record.id}`);
      });
      await locked;
      const order = db.transaction((tx) => decrementStock(tx, [{ productId: record.id, quantity: 1 }]));
      const results = await Promise.allSettled([edit, order]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const [row] = await db
        .select({ status: products.inventoryStatus })
        .from(products)
        .where(sql`${products.id} = ${record.id}`);
      expect(row?.status).toBe('IN_STOCK'); // 5 set by the edit, then 1 taken
    },
  );

  it('is not used for other filters or sorts', () => {
    const base = { includeHidden: false, currency: 'USD' };
    const inKitchen = { collectionIds: { $hasSome: ['c1'] } };
    expect(collectionPage({ ...base, filter: inKitchen })).toBeDefined(); // default order: numericId
    expect(collectionPage({ ...base, filter: inKitchen, sort: [{ fieldName: 'name' }] })).toBeDefined();
    expect(collectionPage({ ...base, filter: inKitchen, sort: [{ fieldName: 'slug' }] })).toBeUndefined();
    expect(
      collectionPage({ ...base, filter: inKitchen, sort: [{ fieldName: 'lastUpdated' }] }),
    ).toBeUndefined();
    const byPrice = { sort: [{ fieldName: 'price', order: 'ASC' }] };
    expect(collectionPage({ ...base, ...byPrice, filter: { price: { $gt: 1 } } })).toBeUndefined();
    expect(collectionPage({ ...base, ...byPrice, filter: { $or: [inKitchen] } })).toBeUndefined();
    expect(
      collectionPage({ ...base, ...byPrice, filter: { $and: [inKitchen, { name: 'Mug' }] } }),
    ).toBeUndefined();
    // Name and creation date are sort keys of the listing, not filters it answers.
    expect(
      collectionPage({
        ...base,
        ...byPrice,
        filter: { $and: [inKitchen, { createdDate: { $gt: '2020-01-01' } }] },
      }),
    ).toBeUndefined();
    expect(
      collectionPage({ ...base, ...byPrice, filter: { collectionIds: { $hasAll: ['c1', 'c2'] } } }),
    ).toBeUndefined();
    expect(collectionPage({ ...base, ...byPrice, filter: { $and: [inKitchen, inKitchen] } })).toBeUndefined();
    expect(
      collectionPage({ ...base, ...byPrice, filter: { $and: [inKitchen, { inStock: true }] } }),
    ).toBeDefined();
  });
});
