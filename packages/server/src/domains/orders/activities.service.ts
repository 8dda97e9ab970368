import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/http/errors.js';
import type { EventActor } from '../events/index.js';
import { type OrderActivityType, orderActivities } from './activities.schema.js';
import { orders } from './orders.schema.js';

export type OrderActivity = typeof orderActivities.$inferSelect;

export interface ActivityInput {
  orderId: string;
  type: OrderActivityType;
  message: string;
  actor?: EventActor;
  details?: Record<string, unknown>;
  now: Date;
}

/** Writes one timeline entry; in the transaction of the change it describes. */
export async function recordActivity(db: DbOrTx, input: ActivityInput): Promise<void> {
  await db.insert(orderActivities).values({
    orderId: input.orderId,
    type: input.type,
    message: input.message,
    authorId: input.actor?.id ?? null,
    details: input.details ?? {},
    createdDate: input.now,
    updatedDate: input.now,
  });
}

export async function listActivities(db: DbOrTx, orderId: string): Promise<OrderActivity[]> {
  return db
    .select()
    .from(orderActivities)
    .where(eq(orderActivities.orderId, orderId))
    .orderBy(asc(orderActivities.createdDate), asc(orderActivities.id));
}

/** Bounded so one note cannot bloat the order page. */
export const NOTE_MAX_LENGTH = 2000;

/** A merchant's note on the order's timeline. */
export async function addMerchantNote(
  db: DbOrTx,
  input: { orderId: string; message: string; actor: EventActor; now: Date },
): Promise<void> {
  const message = input.message.trim();
  if (message.length === 0)
    throw invalidField('activity.merchantComment.message', 'REQUIRED_FIELD', 'write something to add a note');
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw notFound('Order', input.orderId);
  await recordActivity(db, { ...input, message, type: 'MERCHANT_COMMENT' });
}
