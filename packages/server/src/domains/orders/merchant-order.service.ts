import type { Db } from '../../db/client.js';
import { listPayments } from '../payments/index.js';
import { listActivities } from './activities.service.js';
import { orderOut } from './orders.mapper.js';
import type { getOrder } from './orders-read.service.js';
import { refundedByOrder } from './refunds/refunds.service.js';

/**
 * An order as the merchant reads it after any change: its payments and timeline listed, and what was
 * captured and refunded, in the protocol's reply shape.
 */
export async function merchantOrderReply(db: Db, order: Awaited<ReturnType<typeof getOrder>>) {
  const [payments, activities, refunded] = await Promise.all([
    listPayments(db, order.id),
    listActivities(db, order.id),
    refundedByOrder(db, [order.id]),
  ]);
  return {
    order: orderOut(order, {
      payments,
      money: { payments, refundedMinor: refunded.get(order.id) ?? 0 },
      activities,
    }),
  };
}
