import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, idColumn, timestampColumn } from '../../db/columns.js';
import type { PaymentStatus } from '../payments/index.js';
import type { AddressWithContact } from '../pricing/index.js';
import type { FulfillmentStatus, OrderLine, OrderShipping, OrderStatus, OrderTotals } from './order.types.js';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Orders: an immutable snapshot of the checkout at the moment it was bought, plus the statuses that
 * change afterwards. `checkout_id` is unique, which makes create-order idempotent (ADR 009); `number` is
 * the human-friendly, sequential order number.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity({ startWith: 10001 }),
    checkoutId: text('checkout_id').notNull(),
    cartId: text('cart_id'),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    buyerEmail: text('buyer_email'),
    buyerNote: text('buyer_note'),
    channelType: text('channel_type').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('APPROVED'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    fulfillmentStatus: text('fulfillment_status')
      .$type<FulfillmentStatus>()
      .notNull()
      .default('NOT_FULFILLED'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    totals: jsonb('totals').$type<OrderTotals>().notNull(),
    totalMinor: money('total_minor').notNull(),
    billingInfo: jsonb('billing_info').$type<AddressWithContact>(),
    shipping: jsonb('shipping').$type<OrderShipping>(),
    couponId: text('coupon_id'),
    giftCardId: text('gift_card_id'),
    customFields: jsonb('custom_fields').$type<{ title: string; value: unknown }[]>().notNull().default([]),
    paidDate: timestampColumn('paid_date'),
    fulfilledDate: timestampColumn('fulfilled_date'),
    canceledDate: timestampColumn('canceled_date'),
    ...entityDates(),
  },
  (table) => [
    uniqueIndex('orders_checkout_id_idx').on(table.checkoutId),
    uniqueIndex('orders_number_idx').on(table.number),
    index('orders_member_idx').on(table.memberId, table.createdDate),
    index('orders_visitor_idx').on(table.visitorId, table.createdDate),
    index('orders_email_idx').on(sql`lower(${table.buyerEmail})`),
    index('orders_created_idx').on(table.createdDate),
  ],
);

/** ENDED: every billing cycle was billed. CANCELED: the buyer or the merchant stopped it. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED', 'ENDED'] as const;

/**
 * A subscription bought with an order line: its schedule, and what the billing runner needs to renew it
 * (the first order's saved payment method, if the buyer saved one).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    orderId: text('order_id').notNull(),
    lineItemId: text('line_item_id').notNull(),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    productId: text('product_id'),
    planId: text('plan_id').notNull(),
    title: text('title').notNull(),
    frequency: text('frequency').$type<'DAY' | 'WEEK' | 'MONTH' | 'YEAR'>().notNull(),
    interval: bigint('interval', { mode: 'number' }).notNull(),
    /** Charges in all; 0 = until cancelled. */
    billingCycles: bigint('billing_cycles', { mode: 'number' }).notNull(),
    cyclesBilled: bigint('cycles_billed', { mode: 'number' }).notNull().default(1),
    priceMinor: money('price_minor').notNull(),
    currency: text('currency').notNull(),
    startDate: timestampColumn('start_date').notNull(),
    nextBillingDate: timestampColumn('next_billing_date'),
    status: text('status').$type<(typeof SUBSCRIPTION_STATUSES)[number]>().notNull().default('ACTIVE'),
    savedPaymentMethodId: text('saved_payment_method_id'),
    canceledDate: timestampColumn('canceled_date'),
    ...entityDates(),
  },
  (table) => [
    uniqueIndex('subscriptions_line_idx').on(table.orderId, table.lineItemId),
    index('subscriptions_due_idx').on(table.nextBillingDate).where(sql`status = 'ACTIVE'`),
  ],
);

/**
 * Notifications already sent (order confirmation, gift-card codes), so that consumers retried by the
 * event dispatcher (at least once) do not send the same e-mail again.
 */
export const orderNotifications = pgTable('order_notifications', {
  key: text('key').primaryKey(),
  orderId: text('order_id').notNull(),
  ...entityDates(),
});
