import { BoundedMap } from '../../lib/bounded-map.js';
import type { ProductRecord } from './catalog.types.js';

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
  #version = 0;
  readonly #entries: BoundedMap<string, { record: ProductRecord; version: number; expiresAt: number }>;

  constructor(private readonly options: { ttlMs: number; maxEntries?: number }) {
    this.#entries = new BoundedMap(options.maxEntries ?? 10_000);
  }

  /** Read before the database read; pass to `set`. */
  get version(): number {
    return this.#version;
  }

  invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
  }

  get(id: string, now = Date.now()): ProductRecord | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.version !== this.#version || entry.expiresAt <= now) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.record;
  }

  /** Keeps `record` (frozen: callers share it) if nothing changed since `version` was read. */
  set(record: ProductRecord, version: number, now = Date.now()): void {
    if (version !== this.#version) return;
    this.#entries.set(record.id, {
      record: deepFreeze(record),
      version,
      expiresAt: now + this.options.ttlMs,
    });
    const max = this.options.maxEntries ?? 10_000;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= max) break;
      this.#entries.delete(oldest);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
