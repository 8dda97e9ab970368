import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';
import type {
  CatalogMediaItem,
  CustomTextField,
  DigitalFile,
  DiscountType,
  InfoSection,
  InventoryStatus,
  PricePerUnitSettings,
  ProductDeposit,
  ProductOption,
  ProductType,
  SubscriptionOptions,
} from './catalog.types.js';

/**
 * Revisions of product and variant rows (ADR 041): every insert and update takes the next value (a
 * trigger sets it), so a row version's revision is never seen again — what a product document's
 * fingerprint is made of.
 */
export const catalogRevisions = pgSequence('catalog_revisions');
const revisionColumn = () =>
  bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('catalog_revisions')`);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Products (ADR 012). Prices are integer minor units of `currency`; what can be derived is never stored
 * by hand: `discounted_price_minor` and `search_vector` are generated columns, and profit, ranges and
 * inventory status are computed when read. Stock lives on variants only (a product without managed
 * variants has exactly one default variant), so there is one place to lock and decrement.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    numericId: bigint('numeric_id', { mode: 'number' })
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: 1001 }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    productType: text('product_type').$type<ProductType>().notNull().default('physical'),
    visible: boolean('visible').notNull().default(true),
    sku: text('sku'),
    weight: doublePrecision('weight'),
    brand: text('brand'),
    ribbon: text('ribbon'),
    currency: text('currency').notNull(),
    priceMinor: money('price_minor').notNull(),
    costMinor: money('cost_minor'),
    discountType: text('discount_type').$type<DiscountType>().notNull().default('NONE'),
    /** AMOUNT: minor units; PERCENT: hundredths of a percent. */
    discountValue: bigint('discount_value', { mode: 'number' }).notNull().default(0),
    /** The price a shopper pays, for filtering and sorting by "price" (spelled out once, here). */
    discountedPriceMinor: money('discounted_price_minor')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE discount_type WHEN 'AMOUNT' THEN GREATEST(price_minor - discount_value, 0) WHEN 'PERCENT' THEN GREATEST(price_minor - ROUND(price_minor * discount_value / 10000.0)::bigint, 0) ELSE price_minor END`,
      ),
    pricePerUnit: jsonb('price_per_unit').$type<PricePerUnitSettings>(),
    manageVariants: boolean('manage_variants').notNull().default(false),
    productOptions: jsonb('product_options').$type<ProductOption[]>().notNull().default([]),
    media: jsonb('media').$type<CatalogMediaItem[]>().notNull().default([]),
    /** Membership lives here (GIN-indexed) so `$hasSome`/`$hasAll` are one index probe, no join. */
    collectionIds: text('collection_ids').array().notNull().default(sql`'{}'::text[]`),
    additionalInfoSections: jsonb('additional_info_sections').$type<InfoSection[]>().notNull().default([]),
    customTextFields: jsonb('custom_text_fields').$type<CustomTextField[]>().notNull().default([]),
    seoData: jsonb('seo_data').$type<Record<string, unknown>>(),
    subscriptionOptions: jsonb('subscription_options').$type<SubscriptionOptions>(),
    digitalFiles: jsonb('digital_files').$type<DigitalFile[]>().notNull().default([]),
    giftCard: boolean('gift_card').notNull().default(false),
    /** Paid at checkout per unit, the rest later (DEPOSIT_ONLINE); null: paid in full. */
    deposit: jsonb('deposit').$type<ProductDeposit>(),
    /**
     * Kept by triggers from the visible variants' stock (ADR 023), never written by the app: what the
     * inStock and inventoryStatus filters read instead of probing variants per product.
     */
    inventoryStatus: text('inventory_status').$type<InventoryStatus>().notNull().default('OUT_OF_STOCK'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('simple'::regconfig, description), 'C')`,
    ),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    lastUpdated: timestampColumn('last_updated').notNull().defaultNow(),
    /** Set by a trigger on every insert and update, never by the app (ADR 041). */
    revision: revisionColumn(),
  },
  (table) => [
    uniqueIndex('products_slug_idx').on(table.slug),
    uniqueIndex('products_numeric_id_idx').on(table.numericId),
    index('products_visible_price_idx').on(table.visible, table.discountedPriceMinor, table.id),
    index('products_visible_created_idx').on(table.visible, table.createdDate, table.id),
    index('products_visible_name_idx').on(table.visible, table.name, table.id),
    index('products_last_updated_idx').on(table.lastUpdated, table.id),
    index('products_collection_ids_idx').using('gin', table.collectionIds),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('products_brand_idx').on(table.brand),
  ],
);

/** Variants: option-choice combinations with their own overrides and stock. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Unique within its product; the default variant is the zero UUID, as the protocol has it. */
    id: text('id').notNull(),
    choices: jsonb('choices').$type<Record<string, string>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    priceMinor: money('price_minor'),
    costMinor: money('cost_minor'),
    weight: doublePrecision('weight'),
    sku: text('sku'),
    visible: boolean('visible').notNull().default(true),
    trackQuantity: boolean('track_quantity').notNull().default(false),
    quantity: integer('quantity'),
    inStock: boolean('in_stock').notNull().default(true),
    /** Overrides the product's deposit; null: as the product. */
    deposit: jsonb('deposit').$type<ProductDeposit>(),
    /** Set by a trigger on every insert and update, never by the app (ADR 041). */
    revision: revisionColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.id] }),
    index('product_variants_sku_idx').on(table.sku),
  ],
);

/**
 * The collection-page read model (ADR 023): one row per product per collection it is in, kept by
 * triggers on products (membership, visibility, price, stock) in the same transaction as the change.
 * Its index answers "collection ∧ price band ∧ in stock, by price" — the storefront's category page —
 * and that query's capped count from the index alone, without visiting products.
 */
export const productListings = pgTable(
  'product_listings',
  {
    collectionId: text('collection_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    visible: boolean('visible').notNull(),
    inStock: boolean('in_stock').notNull(),
    /** The price a shopper pays (products.discounted_price_minor). */
    priceMinor: money('price_minor').notNull(),
    /** The product's numericId: the default order of a collection page. */
    numericId: bigint('numeric_id', { mode: 'number' }).notNull(),
    /** The product's name and creation date: a collection page sorted by name, or newest first. */
    name: text('name').notNull(),
    createdDate: timestampColumn('created_date').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index('product_listings_price_idx').on(
      table.collectionId,
      table.visible,
      table.priceMinor,
      table.productId,
      table.inStock,
    ),
    index('product_listings_numeric_idx').on(
      table.collectionId,
      table.visible,
      table.numericId,
      table.productId,
      table.priceMinor,
      table.inStock,
    ),
    index('product_listings_name_idx').on(
      table.collectionId,
      table.visible,
      table.name,
      table.productId,
      table.priceMinor,
      table.inStock,
    ),
    index('product_listings_created_idx').on(
      table.collectionId,
      table.visible,
      table.createdDate,
      table.productId,
      table.priceMinor,
      table.inStock,
    ),
    index('product_listings_product_idx').on(table.productId),
  ],
);

/**
 * Each product's public wire shape (ADR 041): the JSON a shopper's list or product page returns for it,
 * built by the one wire mapping and kept as text, so an uncached list sends it without building it.
 * A document is served only while its fingerprint — the revisions of the product row and of its
 * variant rows, which every write changes — equals the one computed from the rows in the same
 * statement; otherwise the read rebuilds it and writes it back. No write path has to remember it.
 */
export const productDocuments = pgTable('product_documents', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** The product's and its variants' revisions the body was built from (productFingerprintSql). */
  fingerprint: text('fingerprint').notNull(),
  /** The public URL the body's absolute URLs start with (a server with another one rebuilds). */
  publicUrl: text('public_url').notNull(),
  body: text('body').notNull(),
});
