import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';

/** What another domain selling through orders gives (plan orders): the order's number is assigned here. */
export type NewOrder = typeof orders.$inferInsert & { id: string; checkoutId: string };

/**
 * Inserts an order sold without a checkout (a plan bought: domains/plans). Its `checkoutId` names what was
 * sold (`plan:<id>`), unique like every order's. The caller records the `ecom.order.created` event in the
 * same transaction.
 */
export async function insertOrderRecord(tx: Tx, order: NewOrder): Promise<OrderRecord> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
}

/** An order's statuses, for consumers that react to changes (undefined when there is no such order). */
export async function orderStatusOf(
  db: DbOrTx,
  id: string,
): Promise<Pick<OrderRecord, 'id' | 'status' | 'paymentStatus'> | undefined> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

/** What another domain selling through orders reads back of its orders (plan orders on the platform's wire). */
export type SoldOrder = Pick<
  OrderRecord,
  | 'id'
  | 'status'
  | 'paymentStatus'
  | 'currency'
  | 'lines'
  | 'totals'
  | 'totalMinor'
  | 'paidDate'
  | 'createdDate'
>;

/** The orders with these ids (those that exist), in one query. */
export async function soldOrders(db: DbOrTx, ids: readonly string[]): Promise<SoldOrder[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      currency: orders.currency,
      lines: orders.lines,
      totals: orders.totals,
      totalMinor: orders.totalMinor,
      paidDate: orders.paidDate,
      createdDate: orders.createdDate,
    })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}
