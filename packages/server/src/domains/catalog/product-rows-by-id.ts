import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { pooledDb } from '../../db/statements.js';
import type { ProductRecord } from './catalog.types.js';
import { loadProductRecords, type ProductRow, productSelection, toProductRecord } from './product-rows.js';
import { products } from './products.schema.js';

/*
 * Products by id — what every cart change and checkout reads to price its lines — as a prepared
 * statement on the pooled handle (ADR 021): built once per database, parsed once per connection.
 * Inside a transaction the statement is built as usual, so it stays in that transaction.
 */
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepare>>();

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
  let statement = preparedByDb.get(pool);
  if (!statement) {
    statement = prepare(pool);
    preparedByDb.set(pool, statement);
  }
  const rows = await statement.execute({ ids: [...ids] });
  return rows.map((row) => toProductRecord(row as ProductRow));
}
