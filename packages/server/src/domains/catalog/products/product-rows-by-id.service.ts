import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { pooledDb } from '../../../db/statements.js';
import type { ProductRecord } from '../catalog.types.js';
import { products } from '../products.schema.js';
import { ProductRecordCache } from './product-record.cache.js';
import {
  loadProductRecords,
  type ProductRow,
  productSelection,
  toProductRecord,
} from './product-rows.service.js';

/*
 * Products by id — what every cart change and checkout reads to price its lines — as a prepared
 * statement on the app's pooled handle (ADR 021): built once per app, parsed once per connection.
 * Inside a transaction the statement is built as usual, so it stays in that transaction. Reads on the
 * pooled handle go through the records cache when the app keeps one (CATALOG_CACHE_SECONDS > 0,
 * ADR 022); the catalog routes drop it on every catalog change.
 *
 * One per app: app.ts puts it in the AppContext and hands it to pricing in the PricingEnv, so two apps
 * in one process (tests, a CLI beside a server) never share records.
 */
export class ProductRecordsById {
  readonly #pool: Db;
  readonly #cache: ProductRecordCache | undefined;
  #prepared: ReturnType<typeof prepare> | undefined;

  /** `cacheTtlMs` keeps records read on `pool`; without it every read goes to the database. */
  constructor(pool: Db, options: { cacheTtlMs?: number } = {}) {
    this.#pool = pool;
    this.#cache = options.cacheTtlMs ? new ProductRecordCache({ ttlMs: options.cacheTtlMs }) : undefined;
  }

  get caching(): boolean {
    return this.#cache !== undefined;
  }

  /** Drops every kept record (every catalog change, local or NOTIFY'd). */
  invalidate(): void {
    this.#cache?.invalidate();
  }

  async load(db: DbOrTx, ids: readonly string[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    const pool = pooledDb(db);
    // A transaction reads under its own locks; another app's handle is not this one's to cache.
    if (pool !== this.#pool) return loadProductRecords(db, inArray(products.id, [...ids]));
    const cache = this.#cache;
    if (!cache) return this.#read(ids);
    const found: ProductRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const record = cache.get(id);
      if (record) found.push(record);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const version = cache.version;
    for (const record of await this.#read(missing)) {
      cache.set(record, version);
      found.push(record);
    }
    return found;
  }

  async #read(ids: readonly string[]): Promise<ProductRecord[]> {
    this.#prepared ??= prepare(this.#pool);
    const rows = await this.#prepared.execute({ ids: [...ids] });
    return rows.map((row) => toProductRecord(row as ProductRow));
  }
}

function prepare(db: Db) {
  return db
    .select(productSelection)
    .from(products)
    .where(sql`${products.id} = ANY(${sql.placeholder('ids')}::text[])`)
    .prepare('catalog_products_by_id');
}
