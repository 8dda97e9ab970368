import { VersionedCache } from '../../../lib/versioned-cache.js';
import type { ProductRecord } from '../catalog.types.js';

/*
 * Product records by id, kept in memory for reads outside transactions (ADR 022): every cart change
 * prices its lines from the products they point at, and those rarely change between two adds. Dropped
 * exactly like the public read cache — by a version bumped on every catalog change, local or NOTIFY'd
 * (stock taken by orders included) — and a record read from the database is stored only under the
 * version current when its read started, so a read that raced a write is never kept.
 *
 * Transactions (checkout, orders, stock) never use it: they read under their own locks. A cached
 * record is therefore only ever as stale as the delivery of one NOTIFY, which is no worse than the
 * race an unlocked read has anyway (the stock a cart shows is checked again when the order takes it).
 */
export class ProductRecordCache {
  readonly #records: VersionedCache<ProductRecord>;

  constructor(options: { ttlMs: number; maxEntries?: number }) {
    this.#records = new VersionedCache(options);
  }

  /** Read before the database read; pass to `set`. */
  get version(): number {
    return this.#records.version;
  }

  invalidate(): void {
    this.#records.invalidate();
  }

  get(id: string, now = Date.now()): ProductRecord | undefined {
    return this.#records.get(id, now);
  }

  /** Keeps `record` (frozen: callers share it) if nothing changed since `version` was read. */
  set(record: ProductRecord, version: number, now = Date.now()): void {
    if (version === this.#records.version) this.#records.set(record.id, deepFreeze(record), version, now);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
