import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, timestampColumn } from '../../db/columns.js';

/**
 * A plan bought by a member: one per plan order (its id is the order's). It holds what the purchase
 * needs after the order exists — the membership granted once the order is paid, and whether it still
 * counts against a once-per-buyer plan (a canceled order does not).
 */
export const planPurchases = pgTable(
  'plan_purchases',
  {
    /** The order's id. */
    id: text('id').primaryKey(),
    /**
     * `<memberId>:<key>`: a purchase retried with the same key (a double-submitted form, a retried
     * request) finds this row and its order instead of buying again.
     */
    purchaseKey: text('purchase_key').notNull(),
    planId: text('plan_id').notNull(),
    memberId: text('member_id').notNull(),
    /** The plan was once per buyer when bought: this purchase holds the member's one. */
    oncePerBuyer: boolean('once_per_buyer').notNull(),
    /** Granted when the order is paid (at once for a card or a free plan; later for pay-later). */
    membershipId: text('membership_id'),
    /** The order was canceled (the merchant canceled or refunded it): it no longer counts once per buyer. */
    canceledDate: timestampColumn('canceled_date'),
    /**
     * The member canceled the plan (`requestCancellation`): the membership ended then. Nothing was
     * refunded, so a once-per-buyer plan stays bought.
     */
    memberCanceledDate: timestampColumn('member_canceled_date'),
    ...entityDates(),
  },
  (table) => [
    uniqueIndex('plan_purchases_key_idx').on(table.purchaseKey),
    // Two purchases of a once-per-buyer plan by one member, however parallel: the second insert fails.
    uniqueIndex('plan_purchases_once_idx')
      .on(table.planId, table.memberId)
      .where(sql`once_per_buyer AND canceled_date IS NULL`),
    index('plan_purchases_member_idx').on(table.memberId),
  ],
);
