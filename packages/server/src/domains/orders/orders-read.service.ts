import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { notFound } from '../../lib/http/errors.js';
import type { Paging } from '../../lib/paging.js';
import type { FilterFields } from '../../lib/query-fields.js';
import { compileFilter } from '../../lib/query-filter.js';
import { compileSort } from '../../lib/query-sort.js';
import { escapeLike } from '../../lib/query-values.js';
import { type Caller, isMerchant } from '../access/index.js';
import { PAYMENT_STATUSES } from '../payments/index.js';
import { FULFILLMENT_STATUSES, ORDER_STATUSES } from './order.types.js';
import { orders } from './orders.schema.js';

export type OrderRecord = typeof orders.$inferSelect;

/** Shoppers see their own orders only (visitor by visitor id, member by member id); merchants all. */
function ownedBy(caller: Caller): SQL | undefined {
  if (isMerchant(caller)) return undefined;
  if (caller.kind === 'member') return eq(orders.memberId, caller.memberId);
  if (caller.kind === 'visitor')
    return and(eq(orders.visitorId, caller.visitorId), sql`${orders.memberId} IS NULL`);
  return sql`FALSE`;
}

export async function getOrder(db: DbOrTx, id: string, caller: Caller): Promise<OrderRecord> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ownedBy(caller)));
  if (!row) throw notFound('Order', id);
  return row;
}

/** Fields a query may filter and sort by (docs/api/cart-checkout-orders.md "Calls"). */
const ORDER_FIELDS: FilterFields = {
  id: { kind: 'string', expr: orders.id },
  number: { kind: 'number', expr: orders.number, sort: orders.number },
  status: { kind: 'enum', enumValues: ORDER_STATUSES, expr: orders.status },
  paymentStatus: { kind: 'enum', enumValues: PAYMENT_STATUSES, expr: orders.paymentStatus },
  fulfillmentStatus: { kind: 'enum', enumValues: FULFILLMENT_STATUSES, expr: orders.fulfillmentStatus },
  checkoutId: { kind: 'string', expr: orders.checkoutId },
  'buyerInfo.email': { kind: 'string', expr: orders.buyerEmail },
  createdDate: { kind: 'date', expr: orders.createdDate, sort: orders.createdDate },
  updatedDate: { kind: 'date', expr: orders.updatedDate, sort: orders.updatedDate },
};

export interface OrderQuery {
  filter?: unknown;
  sort?: unknown;
  paging: Paging;
}

/** The protocol's query language over orders; a shopper's query is limited to their own orders. */
export async function queryOrders(
  db: DbOrTx,
  caller: Caller,
  query: OrderQuery,
): Promise<{ orders: OrderRecord[]; total: number }> {
  const where = and(ownedBy(caller), compileFilter(query.filter, ORDER_FIELDS, { entity: 'an order' }));
  const orderBy = compileSort(query.sort, ORDER_FIELDS, orders.id, {
    entity: 'an order',
    defaultSort: [sql`${orders.createdDate} DESC`],
  });
  return page(db, where, orderBy, query.paging);
}

export interface OrderSearch {
  /** An order number, or part of the buyer's e-mail. */
  search?: string;
  status?: OrderRecord['status'];
  paymentStatus?: OrderRecord['paymentStatus'];
  fulfillmentStatus?: OrderRecord['fulfillmentStatus'];
  paging: Paging;
}

/** The merchant's order list: newest first, searchable by number or e-mail, filtered by statuses. */
export async function searchOrders(
  db: DbOrTx,
  input: OrderSearch,
): Promise<{ orders: OrderRecord[]; total: number }> {
  const text = input.search?.trim();
  const searchCondition = text
    ? /^#?\d{1,15}$/.test(text)
      ? or(
          eq(orders.number, Number(text.replace('#', ''))),
          ilike(orders.buyerEmail, `%${escapeLike(text)}%`),
        )
      : ilike(orders.buyerEmail, `%${escapeLike(text)}%`)
    : undefined;
  const where = and(
    searchCondition,
    input.status ? eq(orders.status, input.status) : undefined,
    input.paymentStatus ? eq(orders.paymentStatus, input.paymentStatus) : undefined,
    input.fulfillmentStatus ? eq(orders.fulfillmentStatus, input.fulfillmentStatus) : undefined,
  );
  return page(db, where, [desc(orders.createdDate), desc(orders.id)], input.paging);
}

async function page(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], paging: Paging) {
  const [rows, [total]] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...orderBy)
        .limit(paging.limit)
        .offset(paging.offset),
    () => db.select({ value: count() }).from(orders).where(where),
  );
  return { orders: rows, total: total?.value ?? 0 };
}
