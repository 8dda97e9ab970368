import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { type DomainEvent, type EventActor, recordEvents } from '../../events/index.js';
import type { ProductRecord, VariantRecord } from '../catalog.types.js';
import { CATALOG_CHANNEL, variantsChangedEventOf } from '../catalog-events.service.js';
import { type CatalogItemProblem, type CatalogItemRef, resolveVariant } from '../catalog-items.service.js';
import { loadProductRecords } from '../products/product-rows.service.js';
import { products, productVariants } from '../products.schema.js';

export interface StockLine extends CatalogItemRef {
  quantity: number;
}

export interface StockProblem {
  index: number;
  productId: string;
  variantId?: string;
  requested: number;
  /** Units left (tracked variants); 0 for an untracked variant marked out of stock. */
  available: number;
  reason: CatalogItemProblem | 'INSUFFICIENT_STOCK' | 'OUT_OF_STOCK';
}

export interface StockChange {
  productId: string;
  variantId: string;
  /** Units left after the change; undefined for variants whose quantity is not tracked. */
  quantity?: number;
}

const SYSTEM: EventActor = { identityType: 'UNKNOWN' };

export interface StockOptions {
  actor?: EventActor;
  /**
   * Collects the stock events here instead of recording them, for callers that record all their
   * events in one statement (create-order); the caller must record them in the same transaction.
   */
  events?: DomainEvent[];
  /** Product records already read in this transaction (create-order evaluated its lines): not re-read. */
  records?: ReadonlyMap<string, ProductRecord>;
}

interface LockedVariant {
  productId: string;
  id: string;
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
}

/**
 * Takes stock for order lines, in the caller's transaction. The variant rows are locked
 * (`FOR UPDATE`, always in (product, variant) order, so two orders never deadlock) and checked after
 * the locks are held: either every line fits and all tracked quantities go down, or nothing changes and
 * an INSUFFICIENT_STOCK error (409) lists the lines that do not fit. Quantities never go below zero,
 * whatever runs concurrently. Untracked variants are only checked for being in stock.
 */
export async function decrementStock(
  tx: Tx,
  lines: readonly StockLine[],
  options: StockOptions = {},
): Promise<StockChange[]> {
  return changeStock(tx, lines, -1, options);
}

/** Puts stock back (cancelled or refunded orders). Lines whose product or variant is gone are skipped. */
export async function restoreStock(
  tx: Tx,
  lines: readonly StockLine[],
  options: StockOptions = {},
): Promise<StockChange[]> {
  return changeStock(tx, lines, 1, options);
}

async function changeStock(
  tx: Tx,
  lines: readonly StockLine[],
  sign: 1 | -1,
  options: StockOptions,
): Promise<StockChange[]> {
  lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw invalidField(`lines[${index}].quantity`, 'MIN', 'must be a whole number of at least 1', {
        threshold: 1,
      });
    }
  });
  if (lines.length === 0) return [];
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const known = options.records;
  const records =
    known && productIds.every((id) => known.has(id))
      ? known
      : new Map(
          (await loadProductRecords(tx, inArray(products.id, productIds))).map((record) => [
            record.id,
            record,
          ]),
        );
  const problems: StockProblem[] = [];
  const wanted = new Map<
    string,
    { productId: string; variantId: string; quantity: number; indexes: number[] }
  >();
  lines.forEach((line, index) => {
    const record = records.get(line.productId);
    const { variant, problem } = record
      ? resolveVariant(record, line)
      : { variant: undefined, problem: 'PRODUCT_NOT_FOUND' as const };
    if (!variant) {
      if (sign < 0)
        problems.push({
          index,
          productId: line.productId,
          requested: line.quantity,
          available: 0,
          reason: problem ?? 'VARIANT_NOT_FOUND',
        });
      return;
    }
    const key = `${line.productId}\u0000${variant.id}`;
    const entry = wanted.get(key) ?? {
      productId: line.productId,
      variantId: variant.id,
      quantity: 0,
      indexes: [],
    };
    entry.quantity += line.quantity;
    entry.indexes.push(index);
    wanted.set(key, entry);
  });
  const targets = [...wanted.values()].sort((a, b) =>
    a.productId === b.productId ? compare(a.variantId, b.variantId) : compare(a.productId, b.productId),
  );
  const locked = targets.length > 0 ? await lockVariants(tx, targets) : [];
  const lockedByKey = new Map(locked.map((row) => [`${row.productId}\u0000${row.id}`, row]));
  const changes: { target: (typeof targets)[number]; row: LockedVariant }[] = [];
  for (const target of targets) {
    const row = lockedByKey.get(`${target.productId}\u0000${target.variantId}`);
    const index = target.indexes[0] ?? 0;
    if (!row) {
      if (sign < 0)
        problems.push({
          index,
          productId: target.productId,
          variantId: target.variantId,
          requested: target.quantity,
          available: 0,
          reason: 'VARIANT_NOT_FOUND',
        });
      continue;
    }
    if (sign < 0 && row.trackQuantity && (row.quantity ?? 0) < target.quantity) {
      problems.push({
        index,
        productId: row.productId,
        variantId: row.id,
        requested: target.quantity,
        available: Math.max(row.quantity ?? 0, 0),
        reason: 'INSUFFICIENT_STOCK',
      });
    } else if (sign < 0 && !row.trackQuantity && !row.inStock) {
      problems.push({
        index,
        productId: row.productId,
        variantId: row.id,
        requested: target.quantity,
        available: 0,
        reason: 'OUT_OF_STOCK',
      });
    }
    changes.push({ target, row });
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.index - b.index);
    throw new AppError('INSUFFICIENT_STOCK', 'Not enough stock', {
      status: 409,
      description: `${problems.length} line(s) cannot be fulfilled from stock: ${problems
        .map((p) => `line ${p.index} wants ${p.requested}, ${p.available} available (${p.reason})`)
        .join('; ')}. Lower the quantities or remove those lines.`,
      data: { lines: problems },
    });
  }
  const tracked = changes.filter(({ row }) => row.trackQuantity);
  if (tracked.length > 0) {
    const values = sql.join(
      tracked.map(
        ({ target }) =>
          sql`(${target.productId}::text, ${target.variantId}::text, ${sign * target.quantity}::int)`,
      ),
      sql`, `,
    );
    // Stock changes what shoppers see (in stock / out of stock): every process drops its read cache.
    // The NOTIFY rides on the UPDATE (a data-modifying CTE always runs): one round trip, not two.
    await tx.execute(sql`WITH changed AS (
        UPDATE product_variants AS v SET quantity = coalesce(v.quantity, 0) + d.delta
        FROM (VALUES ${values}) AS d(product_id, id, delta)
        WHERE v.product_id = d.product_id AND v.id = d.id)
      SELECT pg_notify(${CATALOG_CHANNEL}, '')`);
  }
  const result = changes.map(({ target, row }) => ({
    productId: row.productId,
    variantId: row.id,
    ...(row.trackQuantity ? { quantity: (row.quantity ?? 0) + sign * target.quantity } : {}),
  }));
  const events = stockEventsOf(records, result, options.actor ?? SYSTEM);
  if (options.events) options.events.push(...events);
  else await recordEvents(tx, events);
  return result;
}

async function lockVariants(
  tx: Tx,
  targets: { productId: string; variantId: string }[],
): Promise<LockedVariant[]> {
  const pairs = sql.join(
    targets.map((t) => sql`(${t.productId}::text, ${t.variantId}::text)`),
    sql`, `,
  );
  return tx
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      trackQuantity: productVariants.trackQuantity,
      quantity: productVariants.quantity,
      inStock: productVariants.inStock,
    })
    .from(productVariants)
    .where(sql`(${productVariants.productId}, ${productVariants.id}) IN (${pairs})`)
    .orderBy(productVariants.productId, productVariants.id)
    .for('update');
}

function stockEventsOf(
  records: ReadonlyMap<string, { variants: VariantRecord[] }>,
  changes: StockChange[],
  actor: EventActor,
): DomainEvent[] {
  const byProduct = new Map<string, StockChange[]>();
  for (const change of changes)
    byProduct.set(change.productId, [...(byProduct.get(change.productId) ?? []), change]);
  // One event per product, recorded in one statement (an order of N products must not cost N inserts).
  return [...byProduct].map(([productId, productChanges]) => {
    const variants = records.get(productId)?.variants ?? [];
    const changed = productChanges.flatMap((change) => {
      const variant = variants.find((v) => v.id === change.variantId);
      return variant
        ? [{ ...variant, ...(change.quantity !== undefined ? { quantity: change.quantity } : {}) }]
        : [];
    });
    return variantsChangedEventOf(productId, changed, ['stock'], actor);
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
