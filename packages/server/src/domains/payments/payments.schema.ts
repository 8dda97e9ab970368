import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

export const PAYMENT_ATTEMPT_STATUSES = [
  /** Recorded before the gateway was asked: it may or may not have made the payment (unconfirmed). */
  'STARTED',
  /** The gateway made the payment (`reference`) and was asked, or is about to be, to take the money. */
  'CONFIRMING',
  /** An order holds it. */
  'SETTLED',
  /** Given back: it could not become an order (the checkout changed, stock ran out, it was ordered otherwise). */
  'REVERSED',
  /** Declined by the gateway: no money moved. */
  'FAILED',
  /** Never confirmed, and cancelled at the gateway: no money moved. */
  'ABANDONED',
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** What the gateway is asked under an attempt's key, kept so every retry asks exactly the same. */
export interface AttemptRequest {
  /** `charge`: the server takes the money (card token, saved method); `intent`: the buyer's browser does. */
  kind: 'charge' | 'intent';
  token?: string;
  card?: { brand: string; last4: string; expMonth: number; expYear: number };
  savedPaymentMethodId?: string;
  ownerKey?: string;
  /** Reusing a saved method without the buyer present (Stripe's off_session). */
  reusing?: boolean;
  delayCapture: boolean;
  savePaymentMethod: boolean;
}

/**
 * Every payment asked of a gateway before it became an order (ADR 046), committed before the gateway is
 * called: a retry after a lost reply or a crash asks again under the same key with the same parameters,
 * and the reconciliation job finds any payment left without an order and places or gives it back. The
 * key is the gateway's idempotency key; a retry after the attempt ended (declined, given back) is the
 * next `generation`, a new key.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    key: text('key').primaryKey(),
    /** The same purchase across generations: the checkout, the amount and the payment options. */
    baseKey: text('base_key').notNull(),
    generation: integer('generation').notNull(),
    /** What it pays for: `checkout:<id>`, `subscription:<id>:<cycle>`, `plan:<purchase key>`. */
    subject: text('subject').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    request: jsonb('request').$type<AttemptRequest>().notNull(),
    /** The gateway's id of the payment, once it made one. */
    reference: text('reference'),
    status: text('status').$type<PaymentAttemptStatus>().notNull(),
    orderId: text('order_id'),
    /** Times the reconciliation job looked at it, and when it looks next. */
    checks: integer('checks').notNull().default(0),
    nextCheckDate: timestampColumn('next_check_date').notNull(),
    lastError: text('last_error'),
    createdDate: timestampColumn('created_date').notNull(),
    /** When a request last moved it (the job's looks do not): the job waits until it has been quiet a while. */
    updatedDate: timestampColumn('updated_date').notNull(),
  },
  (table) => [
    index('payment_attempts_open_idx').on(table.status, table.nextCheckDate),
    index('payment_attempts_base_idx').on(table.baseKey, table.generation),
    index('payment_attempts_reference_idx').on(table.provider, table.reference),
  ],
);

/**
 * The sandbox card gateway's own ledger: the payments it made, as a real gateway keeps them, so that a
 * sandbox payment left without an order is found and settled like a Stripe one (the sandbox moves no money).
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text('reference').primaryKey(),
  checkoutId: text('checkout_id').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** `requires_confirmation`, `requires_capture`, `succeeded`, `failed`, `canceled`, `returned`. */
  status: text('status').notNull(),
  delayCapture: boolean('delay_capture').notNull(),
  card: jsonb('card').$type<AttemptRequest['card']>(),
  createdDate: timestampColumn('created_date').notNull().defaultNow(),
});
