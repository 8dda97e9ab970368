import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.js';
import { renderSql } from '../../../db/statements.js';
import type { ProductRecord, VariantRecord } from '../catalog.types.js';
import { products, productVariants } from '../products.schema.js';

/*
 * How product rows are read: the product columns plus its variants aggregated as JSON in the same
 * statement, so a page of products with their variants costs one round-trip whatever its size.
 */

// Spelled out: in a select list drizzle writes columns without their table, and an unqualified "id"
// inside this subquery would be the variant's.
export const PRODUCT_ID = sql.raw('"products"."id"');

const variantsJson = sql<VariantRecord[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', v.id, 'choices', v.choices, 'position', v.position, 'priceMinor', v.price_minor,
    'costMinor', v.cost_minor, 'weight', v.weight, 'sku', v.sku, 'visible', v.visible,
    'trackQuantity', v.track_quantity, 'quantity', v.quantity, 'inStock', v.in_stock,
    'deposit', v.deposit
  ) ORDER BY v.position, v.id), '[]'::json)
  FROM product_variants v WHERE v.product_id = ${PRODUCT_ID})`;

export const productSelection = {
  id: products.id,
  numericId: products.numericId,
  name: products.name,
  slug: products.slug,
  description: products.description,
  productType: products.productType,
  visible: products.visible,
  sku: products.sku,
  weight: products.weight,
  brand: products.brand,
  ribbon: products.ribbon,
  currency: products.currency,
  priceMinor: products.priceMinor,
  costMinor: products.costMinor,
  discountType: products.discountType,
  discountValue: products.discountValue,
  pricePerUnit: products.pricePerUnit,
  manageVariants: products.manageVariants,
  productOptions: products.productOptions,
  media: products.media,
  collectionIds: products.collectionIds,
  additionalInfoSections: products.additionalInfoSections,
  customTextFields: products.customTextFields,
  seoData: products.seoData,
  subscriptionOptions: products.subscriptionOptions,
  digitalFiles: products.digitalFiles,
  giftCard: products.giftCard,
  deposit: products.deposit,
  createdDate: products.createdDate,
  lastUpdated: products.lastUpdated,
  variants: variantsJson,
};

/**
 * The same columns as SQL text, rendered once (it binds no values): a hot statement that embeds it
 * skips rebuilding thirty columns and the variants subquery on every request. Rows read with it are
 * the driver's raw values — bigints as text, dates as text or Date — which toProductRecord accepts.
 */
export const PRODUCT_SELECT_LIST = sql.raw(
  renderSql(
    sql.join(
      Object.entries(productSelection).map(([key, expr]) => sql`${expr} AS ${sql.identifier(key)}`),
      sql`, `,
    ),
  ).sql,
);

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export type ProductRow = {
  [K in keyof typeof productSelection]: K extends 'variants'
    ? VariantRecord[] | string
    : (typeof products.$inferSelect)[Exclude<K, 'variants'> & keyof typeof products.$inferSelect];
};

export function toProductRecord(row: ProductRow): ProductRecord {
  const { discountType, discountValue, variants, ...rest } = row;
  const parsed = typeof variants === 'string' ? (JSON.parse(variants) as VariantRecord[]) : variants;
  return {
    ...rest,
    numericId: Number(rest.numericId),
    createdDate: toDate(rest.createdDate),
    lastUpdated: toDate(rest.lastUpdated),
    priceMinor: Number(rest.priceMinor),
    costMinor: rest.costMinor === null ? null : Number(rest.costMinor),
    discount: { type: discountType, value: Number(discountValue) },
    variants: parsed.map((v) => ({
      ...v,
      priceMinor: v.priceMinor === null ? null : Number(v.priceMinor),
      costMinor: v.costMinor === null ? null : Number(v.costMinor),
    })),
  };
}

/**
 * Products matching `where` (any order; id order when locking), with their variants; one statement,
 * two when locking.
 */
export async function loadProductRecords(
  db: DbOrTx,
  where: SQL,
  options: { lock?: boolean } = {},
): Promise<ProductRecord[]> {
  if (options.lock) {
    // Variants first, then products — the order stock taken by an order locks them in (a variant
    // row, then its product when the stock-status trigger rewrites it, ADR 023), so a product edit
    // and an order that sells the product out cannot wait on each other. Within each, id order, so
    // writers that lock several products never deadlock each other either.
    await queryRows(
      db,
      sql`SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} IN (SELECT ${products.id} FROM ${products} WHERE ${where}) ORDER BY ${productVariants.productId}, ${productVariants.id} FOR UPDATE OF ${productVariants}`,
    );
  }
  const lock = options.lock ? sql` ORDER BY ${products.id} FOR UPDATE` : sql``;
  const rows = await queryRows<ProductRow>(
    db,
    sql`SELECT ${PRODUCT_SELECT_LIST} FROM ${products} WHERE ${where}${lock}`,
  );
  return rows.map(toProductRecord);
}
