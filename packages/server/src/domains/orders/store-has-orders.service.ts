import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orders } from './orders.schema.js';

/** Whether the store has taken any order (as of this read). */
export async function storeHasOrders(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ any: sql<boolean>`true` }).from(orders).limit(1);
  return row !== undefined;
}

/**
 * The same, with new orders held back until `tx` ends: SHARE mode waits for orders being placed right
 * now to commit (so they are counted) and blocks new ones, while reads go on. For rare store-wide
 * changes that must not race a sale (the store currency, ADR 050).
 */
export async function lockStoreHasOrders(tx: Tx): Promise<boolean> {
  await tx.execute(sql`LOCK TABLE ${orders} IN SHARE MODE`);
  return storeHasOrders(tx);
}
