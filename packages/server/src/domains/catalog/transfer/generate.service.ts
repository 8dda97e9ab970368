import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { randomToken, uuidv7 } from '../../../lib/ids.js';
import type { ProductOption, VariantRecord } from '../catalog.types.js';
import { notifyCatalogChanged } from '../catalog-events.service.js';
import { createCollection } from '../collections/collections.service.js';
import { collections } from '../collections.schema.js';
import { DEFAULT_VARIANT_ID, inventoryStatus, slugify } from '../products/product.rules.js';
import type { WriteContext } from '../products/product-write.service.js';
import { products, productVariants } from '../products.schema.js';

/*
 * Large synthetic catalogs for benchmarks (`catalog generate --products N`). Rows go in with multi-row
 * INSERTs in batches, bypassing the per-product service path (and its events): this is test data, not
 * merchant activity. Names, prices, brands, stock and collection membership are varied so filters and
 * sorts behave as they would on a real store.
 */

const ADJECTIVES = [
  'Classic',
  'Everyday',
  'Nordic',
  'Rustic',
  'Minimal',
  'Vintage',
  'Organic',
  'Handmade',
  'Coastal',
  'Urban',
  'Soft',
  'Bold',
];
const MATERIALS = [
  'Linen',
  'Oak',
  'Stoneware',
  'Wool',
  'Cotton',
  'Brass',
  'Walnut',
  'Glass',
  'Leather',
  'Bamboo',
  'Ceramic',
  'Copper',
];
const NOUNS = [
  'Mug',
  'Bowl',
  'Lamp',
  'Vase',
  'Blanket',
  'Tote',
  'Notebook',
  'Candle',
  'Tray',
  'Chair',
  'Shelf',
  'Cushion',
  'Apron',
  'Towel',
  'Kettle',
  'Planter',
];
const BRANDS = [
  'Clayworks',
  'Flaxhaus',
  'Northern Mills',
  'Lumen & Co',
  'Grove & Grain',
  'Hearth',
  'Paper Trail',
  'Hive Home',
  'Trailhead',
  'Slow Roast',
];
const COLLECTIONS = [
  'Kitchen',
  'Living Room',
  'Bedroom',
  'Bathroom',
  'Office',
  'Outdoor',
  'Gifts',
  'Sale',
  'New In',
  'Bestsellers',
];
const SIZE_OPTION: ProductOption = {
  name: 'Size',
  optionType: 'drop_down',
  choices: ['S', 'M', 'L'].map((value) => ({ value, description: value, mediaIds: [] })),
};

/** A small deterministic generator, so two runs with the same seed give the same catalog. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

export async function generateCatalog(
  db: DbOrTx,
  input: { products: number; batchSize?: number; seed?: number },
  ctx: WriteContext,
  onProgress?: (done: number, total: number) => void,
): Promise<{ products: number; variants: number; collections: number }> {
  const next = random(input.seed ?? 42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const collectionIds = await ensureCollections(db, ctx);
  const batchSize = input.batchSize ?? 1000;
  const run = randomToken(6).toLowerCase();
  let variantCount = 0;
  for (let start = 0; start < input.products; start += batchSize) {
    const count = Math.min(batchSize, input.products - start);
    const productRows: (typeof products.$inferInsert)[] = [];
    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    for (let i = 0; i < count; i++) {
      const n = start + i;
      const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS)}`;
      const id = uuidv7();
      const managed = next() < 0.3;
      const tracked = next() < 0.8;
      const priceMinor = Math.round(500 + next() * 24_500) * (next() < 0.5 ? 1 : 2);
      const discounted = next() < 0.15;
      const created = new Date(Date.now() - Math.floor(next() * 365 * 86_400_000));
      productRows.push({
        id,
        name,
        slug: `${slugify(name)}-${run}-${n}`,
        description: `${name} from ${pick(BRANDS)}. Generated product ${n} for load tests.`,
        productType: 'physical',
        visible: next() < 0.95,
        sku: `GEN-${run}-${n}`,
        weight: Math.round(next() * 5000) / 1000,
        brand: pick(BRANDS),
        ribbon: discounted ? 'Sale' : null,
        currency: ctx.currency,
        priceMinor,
        costMinor: Math.round(priceMinor * 0.4),
        discountType: discounted ? 'PERCENT' : 'NONE',
        discountValue: discounted ? 1000 * (1 + Math.floor(next() * 3)) : 0,
        manageVariants: managed,
        productOptions: managed ? [SIZE_OPTION] : [],
        collectionIds: [...new Set([pick(collectionIds), ...(next() < 0.4 ? [pick(collectionIds)] : [])])],
        createdDate: created,
        lastUpdated: created,
      });
      const stock = (): Pick<VariantRecord, 'trackQuantity' | 'quantity' | 'inStock'> => ({
        trackQuantity: tracked,
        quantity: tracked ? Math.max(Math.floor(next() * 60) - 5, 0) : null,
        inStock: true,
      });
      const choices = managed ? SIZE_OPTION.choices.map((c) => ({ Size: c.description })) : [{}];
      const variants = choices.map((choice, position) => ({
        productId: id,
        id: managed ? uuidv7() : DEFAULT_VARIANT_ID,
        choices: choice,
        position,
        priceMinor: managed && position === 2 ? priceMinor + 500 : null,
        visible: true,
        ...stock(),
      }));
      variantRows.push(...variants);
      // The triggers derive this from the variants anyway (ADR 023); inserting the same value up front
      // spares them rewriting every generated product once more.
      (productRows.at(-1) as (typeof productRows)[number]).inventoryStatus = inventoryStatus(variants);
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(productRows);
      await tx.insert(productVariants).values(variantRows);
      await notifyCatalogChanged(tx);
    });
    variantCount += variantRows.length;
    onProgress?.(start + count, input.products);
  }
  return { products: input.products, variants: variantCount, collections: collectionIds.length };
}

async function ensureCollections(db: DbOrTx, ctx: WriteContext): Promise<string[]> {
  const slugs = COLLECTIONS.map((name) => slugify(name));
  const found = await db
    .select({ id: collections.id, slug: collections.slug })
    .from(collections)
    .where(inArray(collections.slug, slugs));
  const ids: string[] = [];
  for (const [index, name] of COLLECTIONS.entries()) {
    const existing = found.find((row) => row.slug === slugs[index]);
    ids.push(
      existing ? existing.id : (await createCollection(db, { name, slug: slugs[index] as string }, ctx)).id,
    );
  }
  return ids;
}
