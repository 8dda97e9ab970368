import { type SQL, sql } from 'drizzle-orm';
import { currencyExponent } from '../../../lib/money.js';
import type { FilterFields, FilterOperator } from '../../../lib/query-fields.js';
import { DISCOUNT_TYPES, INVENTORY_STATUSES, type InventoryStatus, PRODUCT_TYPES } from '../catalog.types.js';
import { products, productVariants } from '../products.schema.js';

/*
 * The product fields a query may filter and sort by (docs/api/catalog.md lists them). Prices are given in
 * major units, as the protocol shows them, and compared exactly against the stored minor units.
 * `price` is the price a shopper pays (after the product discount); `priceData.price` is the list price.
 */

// The stock status triggers keep on the product from its visible variants (ADR 023): a column to
// compare, not a probe of the variants per product.
const STATUS_SQL: Record<InventoryStatus, SQL> = {
  IN_STOCK: sql`(${products.inventoryStatus} = 'IN_STOCK')`,
  OUT_OF_STOCK: sql`(${products.inventoryStatus} = 'OUT_OF_STOCK')`,
  PARTIALLY_OUT_OF_STOCK: sql`(${products.inventoryStatus} = 'PARTIALLY_OUT_OF_STOCK')`,
};
const inStockProduct = sql`(${products.inventoryStatus} <> 'OUT_OF_STOCK')`;

function inventoryStatusPredicate(operator: FilterOperator, value: unknown): SQL {
  switch (operator) {
    case '$eq':
      return value === null ? sql`FALSE` : STATUS_SQL[value as InventoryStatus];
    case '$ne':
      return value === null ? sql`TRUE` : sql`NOT ${STATUS_SQL[value as InventoryStatus]}`;
    case '$in': {
      const statuses = value as InventoryStatus[];
      return statuses.length === 0
        ? sql`FALSE`
        : sql`(${sql.join(
            statuses.map((status) => STATUS_SQL[status]),
            sql` OR `,
          )})`;
    }
    default:
      return value ? sql`TRUE` : sql`FALSE`; // $exists: every product has a status
  }
}

function inStockPredicate(operator: FilterOperator, value: unknown): SQL {
  if (operator === '$exists') return value ? sql`TRUE` : sql`FALSE`;
  if (value === null) return operator === '$eq' ? sql`FALSE` : sql`TRUE`;
  const wantInStock = operator === '$eq' ? value === true : value !== true;
  return wantInStock ? inStockProduct : STATUS_SQL.OUT_OF_STOCK;
}

/**
 * A product's stock as its `stock.quantity` shows it: the sum over its variants when every one tracks
 * its quantity, else no number (untracked stock is unlimited). For merchants sorting by stock; an
 * index-backed column is not worth keeping for an admin list.
 */
const stockQuantity = sql`(SELECT CASE WHEN bool_and(${productVariants.trackQuantity}) THEN sum(coalesce(${productVariants.quantity}, 0)) END FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`;

export function productFilterFields(currency: string): FilterFields {
  const scale = currencyExponent(currency);
  const money = (column: typeof products.priceMinor | typeof products.discountedPriceMinor) => ({
    kind: 'decimal' as const,
    scale,
    expr: column,
    sort: column,
  });
  const createdDate = { kind: 'date' as const, expr: products.createdDate, sort: products.createdDate };
  const inventory = {
    kind: 'enum' as const,
    enumValues: INVENTORY_STATUSES,
    predicate: inventoryStatusPredicate,
  };
  const inStock = { kind: 'boolean' as const, predicate: inStockPredicate };
  const discounted = money(products.discountedPriceMinor);
  return {
    id: { kind: 'string', expr: products.id, sort: products.id },
    name: { kind: 'string', expr: products.name, sort: products.name },
    slug: { kind: 'string', expr: products.slug, sort: products.slug },
    description: { kind: 'string', expr: products.description },
    sku: { kind: 'string', expr: products.sku, sort: products.sku },
    brand: { kind: 'string', expr: products.brand, sort: products.brand },
    ribbon: { kind: 'string', expr: products.ribbon, sort: products.ribbon },
    productType: {
      kind: 'enum',
      enumValues: PRODUCT_TYPES,
      expr: products.productType,
      sort: products.productType,
    },
    visible: { kind: 'boolean', expr: products.visible, sort: products.visible },
    manageVariants: { kind: 'boolean', expr: products.manageVariants },
    price: discounted,
    discountedPrice: discounted,
    'priceData.discountedPrice': discounted,
    'priceData.price': money(products.priceMinor),
    weight: { kind: 'number', expr: products.weight, sort: products.weight },
    'discount.type': { kind: 'enum', enumValues: DISCOUNT_TYPES, expr: products.discountType },
    numericId: { kind: 'int64', expr: products.numericId, sort: products.numericId },
    collectionIds: { kind: 'stringArray', expr: products.collectionIds },
    createdDate,
    lastUpdated: { kind: 'date', expr: products.lastUpdated, sort: products.lastUpdated },
    inStock,
    'stock.inStock': inStock,
    inventoryStatus: inventory,
    'stock.inventoryStatus': inventory,
    'stock.quantity': { kind: 'number', expr: stockQuantity, sort: stockQuantity },
  };
}
