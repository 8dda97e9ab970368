import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityDates, idColumn } from '../../db/columns.js';

/** What can happen to an order after it was placed, as its timeline lists it (protocol `activities`). */
export const ORDER_ACTIVITY_TYPES = [
  'ORDER_PAID',
  'PAYMENT_CAPTURED',
  /** The card authorization was released without capturing it (the merchant's Void). */
  'PAYMENT_VOIDED',
  'ORDER_REFUNDED',
  'FULFILLMENT_CREATED',
  'FULFILLMENT_UPDATED',
  'FULFILLMENT_DELETED',
  'ORDER_CANCELED',
  'EMAIL_SENT',
  'MERCHANT_COMMENT',
  'PAYMENT_FAILED',
  'DISPUTE_OPENED',
  'DISPUTE_UPDATED',
  'DISPUTE_CLOSED',
] as const;
export type OrderActivityType = (typeof ORDER_ACTIVITY_TYPES)[number];

/**
 * The order's timeline: each change of the order is written here in the change's own transaction (an
 * e-mail once it was sent), so the timeline is never ahead of or behind the order.
 */
export const orderActivities = pgTable(
  'order_activities',
  {
    id: idColumn(),
    orderId: text('order_id').notNull(),
    type: text('type').$type<OrderActivityType>().notNull(),
    /** For people: what happened, in the merchant's words ("Refunded $12.50: 1 × Mug"). */
    message: text('message').notNull(),
    /** Who did it: the staff member's or app's id, when a person or app acted. */
    authorId: text('author_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ...entityDates(),
  },
  (table) => [index('order_activities_order_idx').on(table.orderId, table.createdDate)],
);
