import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { pooledDb } from '../../db/statements.js';
import type { ProductRecord } from './catalog.types.js';
import { ProductRecordCache } from './product-record-cache.js';
import { loadProductRecords, type ProductRow, productSelection, toProductRecord } from './product-rows.js';
import { products } from './products.schema.js';

/*
 * Products by id — what every cart change and checkout reads to price its lines — as a prepared
 * statement on the pooled handle (ADR 021): built once per database, parsed once per connection.
 * Inside a transaction the statement is built as usual, so it stays in that transaction. Reads on the
 * pooled handle go through the records cache when the catalog routes enabled one (ADR 022).
 */
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepare>>();
const cacheByDb = new WeakMap<Db, ProductRecordCache>();

/** Keeps product records read on `db`'s pool; the caller drops it on every catalog change. */
export function cacheProductRecords(db: Db, ttlMs: number): ProductRecordCache {
  const cache = new ProductRecordCache({ ttlMs });
  cacheByDb.set(db, cache);
  return cache;
}

export function stopCachingProductRecords(db: Db): void {
  cacheByDb.delete(db);
}

function prepare(db: Db) {
  return db
    .select(productSelection)
    .from(products)
    .where(sql`${products.id} = ANY(${sql.placeholder('ids')}::text[])`)
    .prepare('catalog_products_by_id');
}

export async function loadProductRecordsById(db: DbOrTx, ids: readonly string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const pool = pooledDb(db);
  if (!pool) return loadProductRecords(db, inArray(products.id, [...ids]));
  const cache = cacheByDb.get(pool);
  if (!cache) return readByIds(pool, ids);
  const found: ProductRecord[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const record = cache.get(id);
    if (record) found.push(record);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const version = cache.version;
  for (const record of await readByIds(pool, missing)) {
    cache.set(record, version);
    found.push(record);
  }
  return found;
}

async function readByIds(pool: Db, ids: readonly string[]): Promise<ProductRecord[]> {
  let statement = preparedByDb.get(pool);
  if (!statement) {
    statement = prepare(pool);
    preparedByDb.set(pool, statement);
  }
  const rows = await statement.execute({ ids: [...ids] });
  return rows.map((row) => toProductRecord(row as ProductRow));
}
