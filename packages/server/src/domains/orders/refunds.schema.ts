import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityDates, idColumn } from '../../db/columns.js';

const money = (name: string) => bigint(name, { mode: 'number' });

/** A line given back by a refund, and what it was worth (its share of the line's paid total). */
export interface RefundedLine {
  lineItemId: string;
  quantity: number;
  amountMinor: number;
}

/** What one payment gave back in a refund. */
export interface RefundTransaction {
  paymentId: string;
  provider: string;
  amountMinor: number;
  /** The gateway's id of the refund (Stripe's `re_…`): its webhooks are matched on it, so none counts twice. */
  providerRefundId?: string;
}

/**
 * Refunds of an order (docs/api/refunds-fulfilments.md, ADR 036). Immutable: each row is money given
 * back once. What an order can still refund is what was paid less the sum of its rows, computed with the
 * order row locked, so concurrent refunds never give back more than was paid.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: idColumn(),
    orderId: text('order_id').notNull(),
    /** Everything this refund gave back: its transactions plus the gift-card part. */
    amountMinor: money('amount_minor').notNull(),
    giftCardMinor: money('gift_card_minor').notNull().default(0),
    shippingMinor: money('shipping_minor').notNull().default(0),
    lines: jsonb('lines').$type<RefundedLine[]>().notNull().default([]),
    /** Units put back in stock by this refund (each unit of a line at most once over all refunds). */
    restocked: jsonb('restocked').$type<{ lineItemId: string; quantity: number }[]>().notNull().default([]),
    transactions: jsonb('transactions').$type<RefundTransaction[]>().notNull().default([]),
    reason: text('reason'),
    ...entityDates(),
  },
  (table) => [index('order_refunds_order_idx').on(table.orderId, table.createdDate)],
);
