import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityDates, idColumn } from '../../db/columns.js';

/**
 * Shipments of an order: which lines and how many of each went out, with the carrier's tracking. The
 * quantities over all of an order's rows never exceed what was ordered (checked with the order row
 * locked); the order's fulfilment status follows from them.
 */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    id: idColumn(),
    orderId: text('order_id').notNull(),
    lines: jsonb('lines').$type<{ lineItemId: string; quantity: number }[]>().notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    ...entityDates(),
  },
  (table) => [index('order_fulfillments_order_idx').on(table.orderId, table.createdDate)],
);
