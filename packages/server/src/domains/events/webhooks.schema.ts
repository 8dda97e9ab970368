import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';

/** A merchant's webhook endpoint and the event types it receives (`*` for all). */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: idColumn(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: text('event_types').array().notNull(),
  /** Standard Webhooks secret (`whsec_` + base64). Receivers need it to verify signatures. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  lastSuccessDate: timestampColumn('last_success_date'),
  createdDate: timestampColumn('created_date').notNull().defaultNow(),
  updatedDate: timestampColumn('updated_date')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});

export const DELIVERY_STATUSES = ['pending', 'in_flight', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const TARGET_KINDS = ['webhook', 'consumer', 'nats'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/**
 * One event owed to one target. Created by the fan-out (exactly once per event and target: unique index),
 * claimed by dispatchers with a lease, retried with back-off until delivered or given up.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: idColumn(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** `<entityType>:<entityId>`: deliveries of one entity to one target go out in event order. */
    entityKey: text('entity_key').notNull(),
    targetKind: text('target_kind').notNull().$type<TargetKind>(),
    targetId: text('target_id').notNull(),
    status: text('status').notNull().$type<DeliveryStatus>().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDate: timestampColumn('next_attempt_date').notNull().defaultNow(),
    leaseUntil: timestampColumn('lease_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastLatencyMs: integer('last_latency_ms'),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    deliveredDate: timestampColumn('delivered_date'),
  },
  (table) => [
    uniqueIndex('event_deliveries_event_target_idx').on(table.eventId, table.targetKind, table.targetId),
    index('event_deliveries_due_idx')
      .on(table.nextAttemptDate)
      .where(sql`status IN ('pending', 'in_flight')`),
    index('event_deliveries_order_idx').on(table.targetKind, table.targetId, table.entityKey, table.eventSeq),
    index('event_deliveries_target_idx').on(table.targetId, table.createdDate),
  ],
);

/** Every attempt, for the merchant's delivery log. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: idColumn(),
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    attemptedDate: timestampColumn('attempted_date').notNull(),
    succeeded: boolean('succeeded').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
  },
  (table) => [index('delivery_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);

/** Things the merchant should know about (e.g. a webhook disabled after failing for a day). */
export const merchantNotices = pgTable(
  'merchant_notices',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').notNull().$type<Record<string, unknown>>().default({}),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    readDate: timestampColumn('read_date'),
  },
  (table) => [index('merchant_notices_created_idx').on(table.createdDate)],
);
