import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { escapeLike } from '../../../lib/query-values.js';
import { type IdentityHooks, memberContact } from '../../identity/index.js';
import { capturedMinorSql } from '../../payments/index.js';
import { orders } from '../orders.schema.js';
import { orderRefunds } from '../refunds.schema.js';

/** One buyer's orders, summed: what the merchant's customers page shows per e-mail address. */
export interface BuyerTotals {
  /** Lower-cased. */
  email: string;
  /** Names from the buyer's newest order's billing contact. */
  firstName?: string;
  lastName?: string;
  ordersCount: number;
  /**
   * Money received for the buyer's orders, as each order's figures count it (captured payments and the
   * gift card's part of orders not cancelled), in minor units of `currency`.
   */
  paidTotalMinor: number;
  /** What refunds gave back of it; paid less refunded is the net the store kept. */
  refundedTotalMinor: number;
  currency: string;
  lastOrderDate: Date;
}

const buyerEmail = sql<string>`lower(${orders.buyerEmail})`;

/** One order's money received: the same sum as its figures' "Paid" rows (order-figures.mapper.ts). */
const orderPaidMinor = sql`${capturedMinorSql(orders.id)} + case when ${orders.status} = 'CANCELED' then 0 else coalesce((${orders.totals}->'giftCard'->>'appliedAmount')::bigint, 0) end`;
const orderRefundedMinor = sql`(select coalesce(sum(${orderRefunds.amountMinor}), 0) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`;

/** Buyers (members' and guests' orders alike) grouped by e-mail, most recent order first. */
export async function searchBuyers(
  db: DbOrTx,
  options: { search?: string; emails?: readonly string[]; limit: number },
): Promise<BuyerTotals[]> {
  const text = options.search?.trim();
  const pattern = text ? `%${escapeLike(text)}%` : undefined;
  const conditions: (SQL | undefined)[] = [sql`${orders.buyerEmail} is not null`];
  if (pattern)
    conditions.push(
      or(
        ilike(orders.buyerEmail, pattern),
        ilike(sql`${orders.billingInfo}->'contactDetails'->>'firstName'`, pattern),
        ilike(sql`${orders.billingInfo}->'contactDetails'->>'lastName'`, pattern),
      ),
    );
  if (options.emails) {
    if (options.emails.length === 0) return [];
    conditions.push(inArray(buyerEmail, [...options.emails]));
  }
  const rows = await db
    .select({
      email: buyerEmail,
      ordersCount: sql<number>`count(*)::int`,
      paidTotalMinor: sql<string>`coalesce(sum(${orderPaidMinor}), 0)`,
      refundedTotalMinor: sql<string>`coalesce(sum(${orderRefundedMinor}), 0)`,
      currency: sql<string>`min(${orders.currency})`,
      lastOrderDate: sql<string>`max(${orders.createdDate})`,
      // The newest order's billing contact names the buyer.
      contact: sql<{
        firstName?: string;
        lastName?: string;
      } | null>`(array_agg(${orders.billingInfo}->'contactDetails' order by ${orders.createdDate} desc))[1]`,
    })
    .from(orders)
    .where(and(...conditions))
    .groupBy(buyerEmail)
    .orderBy(desc(sql`max(${orders.createdDate})`))
    .limit(options.limit);
  return rows.map((row) => ({
    email: row.email,
    ...(row.contact?.firstName ? { firstName: row.contact.firstName } : {}),
    ...(row.contact?.lastName ? { lastName: row.contact.lastName } : {}),
    ordersCount: row.ordersCount,
    paidTotalMinor: Number(row.paidTotalMinor),
    refundedTotalMinor: Number(row.refundedTotalMinor),
    currency: row.currency,
    lastOrderDate: new Date(row.lastOrderDate),
  }));
}

/** A buyer's orders, newest first: by their e-mail, and by member id for a member's. */
export async function ordersOfBuyer(db: DbOrTx, buyer: { email: string; memberId?: string }, limit: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      createdDate: orders.createdDate,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      fulfillmentStatus: orders.fulfillmentStatus,
    })
    .from(orders)
    .where(
      buyer.memberId
        ? or(eq(buyerEmail, buyer.email), eq(orders.memberId, buyer.memberId))
        : eq(buyerEmail, buyer.email),
    )
    .orderBy(desc(orders.createdDate))
    .limit(limit);
}

/**
 * Guest orders placed with `email` become the member's: their account lists them and they may open them.
 * Only for an address the member has proven (verified), or a stranger could claim others' orders by
 * signing up with their address. Returns how many orders were attached.
 */
export async function attachGuestOrders(
  tx: Tx,
  member: { memberId: string; email: string },
): Promise<number> {
  const attached = await tx
    .update(orders)
    .set({ memberId: member.memberId })
    .where(and(isNull(orders.memberId), eq(buyerEmail, member.email.toLowerCase())))
    .returning({ id: orders.id });
  return attached.length;
}

/**
 * Wires the attachment to the identity domain's visitor → member moment (sign-up and log-in from the
 * shop): in the login's transaction, a member whose e-mail is verified takes the guest orders placed with
 * it. Returns the unsubscribe function (the app calls it when it closes).
 */
export function attachGuestOrdersOnLogin({ identityHooks }: { identityHooks: IdentityHooks }): () => void {
  return identityHooks.onVisitorBecameMember(async ({ tx, memberId }) => {
    const member = await memberContact(tx, memberId);
    if (member?.emailVerified) await attachGuestOrders(tx, { memberId, email: member.email });
  });
}
