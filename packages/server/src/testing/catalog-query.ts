import type { Database } from '../db/client.js';
import { updateVariants } from '../domains/catalog/variants/variants.service.js';
import { makeCollection, makeProduct, TEST_WRITE } from './catalog.js';

/**
 * The rows the product-query suites filter: collections Kitchen and Sale; a Blue Mug (both, sku, weight),
 * a discounted Red Mug with a ribbon (Kitchen), a digital tea out of stock whose name holds % and _ (Sale),
 * a hidden lamp, and a Tee whose M is out of stock. `ids` by blue, red, tea, lamp, tee.
 */
export async function seedQueryCatalog(database: Database) {
  const db = database.db;
  const ids: Record<string, string> = {};
  const kitchen = (await makeCollection(db, 'Kitchen')).id;
  const sale = (await makeCollection(db, 'Sale')).id;
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
  return { ids, kitchen, sale };
}
