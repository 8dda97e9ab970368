import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/http/errors.js';
import { type PagingMetadata, pagingMetadata, resolvePaging } from '../../../lib/paging.js';
import type { FilterFields } from '../../../lib/query-fields.js';
import { compileFilter } from '../../../lib/query-filter.js';
import { compileSort } from '../../../lib/query-sort.js';
import { type ProductView, type VariantView, viewProduct } from '../products/product.rules.js';
import { loadProductRecords } from '../products/product-rows.service.js';
import { products, productVariants } from '../products.schema.js';
import { parseStoreVariantId } from './variants.service.js';

/** One variant of the whole store, with its product (the protocol's "store variant"). */
export interface StoreVariant {
  product: ProductView;
  variant: VariantView;
}

const storeVariantId = sql`(${productVariants.productId} || '-' || ${productVariants.id})`;
const STORE_VARIANT_FIELDS: FilterFields = {
  id: { kind: 'string', expr: storeVariantId, sort: storeVariantId },
  productId: { kind: 'string', expr: productVariants.productId, sort: productVariants.productId },
  variantId: { kind: 'string', expr: productVariants.id, sort: productVariants.id },
  sku: {
    kind: 'string',
    // As viewVariant has it: a managed variant's own SKU, the product's for the one variant of a product.
    expr: sql`case when ${products.manageVariants} then ${productVariants.sku} else coalesce(${productVariants.sku}, ${products.sku}) end`,
    sort: sql`case when ${products.manageVariants} then ${productVariants.sku} else coalesce(${productVariants.sku}, ${products.sku}) end`,
  },
  productName: { kind: 'string', expr: products.name, sort: products.name },
  collectionIds: { kind: 'stringArray', expr: products.collectionIds },
  managedVariant: { kind: 'boolean', expr: products.manageVariants },
  visible: { kind: 'boolean', expr: productVariants.visible },
};

/** Variants across products: one statement for the page and its count, one for their products. */
export async function queryStoreVariants(
  db: DbOrTx,
  input: {
    filter?: unknown;
    sort?: unknown;
    paging?: { limit?: number; offset?: number };
    includeHidden: boolean;
  },
): Promise<{ items: StoreVariant[]; metadata: PagingMetadata }> {
  const paging = resolvePaging(input.paging);
  const condition = compileFilter(input.filter, STORE_VARIANT_FIELDS, { entity: 'variants' });
  const where = and(condition, input.includeHidden ? undefined : eq(products.visible, true)) ?? sql`TRUE`;
  const orderBy = compileSort(input.sort, STORE_VARIANT_FIELDS, productVariants.productId, {
    entity: 'variants',
    defaultSort: [sql`${products.numericId} ASC`, sql`${productVariants.position} ASC`],
  });
  const rows = await db
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(where)
    .orderBy(...orderBy, sql`${productVariants.id} ASC`)
    .limit(paging.limit)
    .offset(paging.offset);
  const total = rows[0]?.total ?? (paging.offset === 0 ? 0 : await countStoreVariants(db, where));
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const views = new Map(
    (productIds.length > 0 ? await loadProductRecords(db, inArray(products.id, productIds)) : []).map(
      (record) => [record.id, viewProduct(record)],
    ),
  );
  const items = rows.flatMap((row) => {
    const product = views.get(row.productId);
    const variant = product?.variants.find((v) => v.record.id === row.variantId);
    return product && variant ? [{ product, variant }] : [];
  });
  return { items, metadata: pagingMetadata(items.length, paging, total) };
}

async function countStoreVariants(db: DbOrTx, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(where);
  return Number(row?.total ?? 0);
}

export async function getStoreVariant(
  db: DbOrTx,
  input: { id: string; includeHidden: boolean },
): Promise<StoreVariant> {
  const { productId, variantId } = parseStoreVariantId(input.id);
  const [record] = await loadProductRecords(db, eq(products.id, productId));
  const product = record && (record.visible || input.includeHidden) ? viewProduct(record) : undefined;
  const variant = product?.variants.find((v) => v.record.id === variantId);
  if (!product || !variant) throw notFound('Variant', input.id);
  return { product, variant };
}
