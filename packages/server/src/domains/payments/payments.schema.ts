import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, idColumn, timestampColumn } from '../../db/columns.js';

/** An order's payment status, as its payments leave it. */
export const PAYMENT_STATUSES = [
  'NOT_PAID',
  'AUTHORIZED',
  'PAID',
  'PARTIALLY_PAID',
  'VOIDED',
  'REFUNDED',
  /** Part of what was paid went back to the buyer (a refund of some lines, shipping or an amount). */
  'PARTIALLY_REFUNDED',
  /** Everything paid went back to the buyer through refunds (REFUNDED is a cancelled order's). */
  'FULLY_REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['OFFLINE', 'SANDBOX_CARD', 'STRIPE'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_RECORD_STATUSES = ['PENDING', 'AUTHORIZED', 'CAPTURED', 'VOIDED', 'REFUNDED'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/** One payment of an order through a provider (ADR 011). Card numbers are never stored. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    orderId: text('order_id').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentRecordStatus>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The provider's id of the charge or authorization. */
    providerReference: text('provider_reference'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    savedPaymentMethodId: text('saved_payment_method_id'),
    /** What refunds gave back of this payment so far; never more than amount_minor. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    ...entityDates(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    // Webhooks find our payment by the gateway's id.
    index('payments_reference_idx').on(table.providerReference),
  ],
);

/** A provider token the buyer asked us to keep (`savePaymentMethod`), with what can be shown of it. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: idColumn(),
    /** `member:<id>` or `visitor:<id>`. */
    ownerKey: text('owner_key').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    ...entityDates(),
  },
  (table) => [index('saved_payment_methods_owner_idx').on(table.ownerKey)],
);

/** A gateway's customer for one of our buyers (Stripe Customer per member), so saved cards can be reused. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: idColumn(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** `member:<id>`. */
    ownerKey: text('owner_key').notNull(),
    /** The gateway's id (`cus_…`). */
    customerRef: text('customer_ref').notNull(),
    ...entityDates(),
  },
  (table) => [uniqueIndex('payment_customers_owner_idx').on(table.provider, table.ownerKey)],
);

/**
 * Gateway webhook events already applied (ADR 035): the id is inserted in the transaction that applies
 * the event, so a replayed or concurrently delivered event finds it and changes nothing.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedDate: timestampColumn('received_date').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
