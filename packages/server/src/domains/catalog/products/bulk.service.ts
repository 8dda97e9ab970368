import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { LIMITS, type ProductRecord, type VariantRecord } from '../catalog.types.js';
import { productEvent } from '../catalog-events.service.js';
import { products, productVariants } from '../products.schema.js';
import { loadProductRecords } from './product-rows.service.js';
import { reload, type WriteContext } from './product-write.service.js';

/*
 * Bulk edits (wire-protocol.md §4.3). A bulk call is one transaction over row locks taken in id order:
 * readers see all of it or none of it. Each id gets its own result; an item that cannot be changed
 * (unknown id, a price that would go negative…) is reported as a failure and left as it was, while
 * the others are applied.
 */

export interface BulkSet {
  priceMinor?: number;
  costMinor?: number;
  /** null: the products have no weight (the protocol's "NaN"); their variants' own weights go too. */
  weight?: number | null;
  ribbon?: string;
  brand?: string;
}

/** A relative change: an amount (minor units for money) or a whole-number percentage (-100 … 1000). */
export type Adjustment = { amount: number } | { percentage: { rate: number; roundToInt?: boolean } };

export interface BulkAdjust {
  price?: Adjustment;
  cost?: Adjustment;
  weight?: Adjustment;
}

export interface BulkItemResult {
  id: string;
  originalIndex: number;
  success: boolean;
  error?: { code: string; description: string };
}

export interface BulkResult {
  results: BulkItemResult[];
  totalSuccesses: number;
  totalFailures: number;
}

class ItemFailure extends Error {
  constructor(
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

type VariantField = 'priceMinor' | 'costMinor' | 'weight';
type VariantPatch = Partial<Record<VariantField, number | null>>;

interface Change {
  product: Partial<typeof products.$inferInsert>;
  /** Variant id → overrides to write. */
  variants: Map<string, VariantPatch>;
}

function newChange(): Change {
  return { product: {}, variants: new Map() };
}

/** Records per-variant overrides; fields of earlier patches are kept. */
function patchVariants(change: Change, field: VariantField, values: Map<string, number | null>): void {
  for (const [id, value] of values) change.variants.set(id, { ...change.variants.get(id), [field]: value });
}

export function bulkUpdateProducts(
  db: DbOrTx,
  ids: string[],
  set: BulkSet,
  ctx: WriteContext,
): Promise<BulkResult> {
  return runBulk(db, ids, ctx, (product) => {
    const change = newChange();
    if (set.priceMinor !== undefined) {
      const delta = set.priceMinor - product.priceMinor;
      change.product.priceMinor = checkAmount(set.priceMinor, 'price');
      // Variant prices keep their difference to the product price, as in the protocol.
      patchVariants(
        change,
        'priceMinor',
        shiftVariants(product.variants, 'priceMinor', (value) => checkAmount(value + delta, 'variant price')),
      );
      checkDiscount(product, set.priceMinor);
    }
    if (set.costMinor !== undefined) {
      change.product.costMinor = checkAmount(set.costMinor, 'cost');
      patchVariants(change, 'costMinor', clearOverride(product.variants, 'costMinor'));
    }
    if (set.weight !== undefined) {
      change.product.weight = set.weight === null ? null : checkWeight(set.weight);
      patchVariants(change, 'weight', clearOverride(product.variants, 'weight'));
    }
    if (set.ribbon !== undefined) change.product.ribbon = set.ribbon.trim() || null;
    if (set.brand !== undefined) change.product.brand = set.brand.trim() || null;
    return change;
  });
}

export function bulkAdjustProducts(
  db: DbOrTx,
  ids: string[],
  adjust: BulkAdjust,
  ctx: WriteContext,
): Promise<BulkResult> {
  return runBulk(db, ids, ctx, (product) => {
    const change = newChange();
    if (adjust.price) {
      const by = adjust.price;
      const price = checkAmount(adjustMoney(product.priceMinor, by, product.currency), 'price');
      change.product.priceMinor = price;
      patchVariants(
        change,
        'priceMinor',
        shiftVariants(product.variants, 'priceMinor', (value) =>
          checkAmount(adjustMoney(value, by, product.currency), 'variant price'),
        ),
      );
      checkDiscount(product, price);
    }
    if (adjust.cost && product.costMinor !== null) {
      const by = adjust.cost;
      change.product.costMinor = checkAmount(adjustMoney(product.costMinor, by, product.currency), 'cost');
      patchVariants(
        change,
        'costMinor',
        shiftVariants(product.variants, 'costMinor', (value) =>
          checkAmount(adjustMoney(value, by, product.currency), 'variant cost'),
        ),
      );
    }
    if (adjust.weight && product.weight !== null) {
      const by = adjust.weight;
      change.product.weight = checkWeight(adjustWeight(product.weight, by));
      patchVariants(
        change,
        'weight',
        shiftVariants(product.variants, 'weight', (value) => checkWeight(adjustWeight(value, by))),
      );
    }
    return change;
  });
}

/** Money after an adjustment; percentages round half up to the minor unit, or to whole units with roundToInt. */
export function adjustMoney(minor: number, by: Adjustment, currency: string): number {
  if ('amount' in by) return minor + by.amount;
  const scaled = (minor * (100 + by.percentage.rate)) / 100;
  if (!by.percentage.roundToInt) return Math.round(scaled);
  const unit = 10 ** minorDigits(currency);
  return Math.round(scaled / unit) * unit;
}

export function adjustWeight(weight: number, by: Adjustment): number {
  const next = 'amount' in by ? weight + by.amount : (weight * (100 + by.percentage.rate)) / 100;
  if ('percentage' in by && by.percentage.roundToInt) return Math.round(next);
  return Math.round(next * 1000) / 1000;
}

function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

function checkAmount(minor: number, what: string): number {
  if (minor < 0)
    throw new ItemFailure(
      'PRICE_NEGATIVE',
      `The ${what} would be negative (${minor} minor units); nothing was changed for this product.`,
    );
  if (minor > LIMITS.maxAmountMinor)
    throw new ItemFailure('PRICE_TOO_HIGH', `The ${what} would be above the maximum.`);
  return minor;
}

function checkWeight(weight: number): number {
  if (weight < 0)
    throw new ItemFailure(
      'WEIGHT_NEGATIVE',
      'The weight would be negative; nothing was changed for this product.',
    );
  if (weight > LIMITS.maxWeight)
    throw new ItemFailure('WEIGHT_TOO_HIGH', 'The weight would be above the maximum.');
  return weight;
}

function checkDiscount(product: ProductRecord, priceMinor: number): void {
  if (product.discount.type === 'AMOUNT' && product.discount.value > priceMinor) {
    throw new ItemFailure(
      'DISCOUNT_EXCEEDS_PRICE',
      'The product discount would be more than the new price; lower the discount first.',
    );
  }
}

/** New values of one override for the variants that have it. */
function shiftVariants(
  variants: readonly VariantRecord[],
  field: VariantField,
  shift: (value: number) => number,
): Map<string, number | null> {
  const values = new Map<string, number | null>();
  for (const variant of variants) {
    const value = variant[field];
    if (value !== null) values.set(variant.id, shift(value));
  }
  return values;
}

/** Clears an override so the variant inherits the product's (newly set) value. */
function clearOverride(variants: readonly VariantRecord[], field: VariantField): Map<string, number | null> {
  return new Map(variants.filter((variant) => variant[field] !== null).map((variant) => [variant.id, null]));
}

async function runBulk(
  db: DbOrTx,
  ids: string[],
  ctx: WriteContext,
  plan: (product: ProductRecord) => Change,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const locked = await loadProductRecords(tx, inArray(products.id, unique), { lock: true });
    const byId = new Map(locked.map((record) => [record.id, record]));
    const seen = new Set<string>();
    const results: BulkItemResult[] = [];
    for (const [originalIndex, id] of ids.entries()) {
      const product = byId.get(id);
      try {
        if (!product) throw new ItemFailure('PRODUCT_NOT_FOUND', `No product has id "${id}".`);
        if (seen.has(id))
          throw new ItemFailure(
            'DUPLICATE_PRODUCT_ID',
            `Product "${id}" appears earlier in ids; it was changed once.`,
          );
        seen.add(id);
        const change = plan(product);
        await apply(tx, product.id, change, ctx);
        results.push({ id, originalIndex, success: true });
      } catch (error) {
        if (!(error instanceof ItemFailure)) throw error;
        results.push({
          id,
          originalIndex,
          success: false,
          error: { code: error.code, description: error.message },
        });
      }
    }
    const totalSuccesses = results.filter((result) => result.success).length;
    return { results, totalSuccesses, totalFailures: results.length - totalSuccesses };
  });
}

async function apply(tx: Tx, id: string, change: Change, ctx: WriteContext): Promise<void> {
  await tx
    .update(products)
    .set({ ...change.product, lastUpdated: ctx.now ?? new Date() })
    .where(eq(products.id, id));
  for (const [variantId, patch] of change.variants) {
    await tx
      .update(productVariants)
      .set(patch)
      .where(and(eq(productVariants.productId, id), eq(productVariants.id, variantId)));
  }
  const record = await reload(tx, id);
  await productEvent(tx, 'changed', record, ctx.actor, Object.keys(change.product));
}
