import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { OrderLine } from '../order.types.js';
import { type orders, subscriptions } from '../orders.schema.js';

type Frequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/** The date `count` periods after `from` (months and years keep the day, clamped to the month's end). */
export function addPeriods(from: Date, frequency: Frequency, count: number): Date {
  const date = new Date(from.getTime());
  switch (frequency) {
    case 'DAY':
      date.setUTCDate(date.getUTCDate() + count);
      return date;
    case 'WEEK':
      date.setUTCDate(date.getUTCDate() + 7 * count);
      return date;
    case 'MONTH':
    case 'YEAR': {
      const months = frequency === 'MONTH' ? count : 12 * count;
      const day = date.getUTCDate();
      date.setUTCDate(1);
      date.setUTCMonth(date.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      date.setUTCDate(Math.min(day, lastDay));
      return date;
    }
  }
}

/**
 * Subscription records for an order's subscription lines. The order pays the first cycle; the next
 * billing date is one interval later, none when that was the only cycle.
 */
export function subscriptionRowsOf(
  order: typeof orders.$inferSelect,
  lines: readonly OrderLine[],
  now: Date,
  savedPaymentMethodId?: string,
): (typeof subscriptions.$inferInsert & { id: string })[] {
  return lines.flatMap((line) => {
    const plan = line.subscription;
    if (!plan) return [];
    const more = plan.billingCycles === 0 || plan.billingCycles > 1;
    // The order pays the first cycle; a later start date moves the whole schedule.
    const start = plan.startDate ? new Date(plan.startDate) : now;
    return [
      {
        id: uuidv7(now.getTime()),
        orderId: order.id,
        lineItemId: line.id,
        visitorId: order.visitorId,
        memberId: order.memberId,
        productId: line.productId ?? null,
        planId: plan.planId,
        title: plan.title,
        frequency: plan.frequency,
        interval: plan.interval,
        billingCycles: plan.billingCycles,
        priceMinor: line.unitPriceMinor * line.quantity,
        currency: order.currency,
        startDate: start,
        nextBillingDate: more ? addPeriods(start, plan.frequency, plan.interval) : null,
        status: more ? ('ACTIVE' as const) : ('ENDED' as const),
        savedPaymentMethodId: savedPaymentMethodId ?? null,
      },
    ];
  });
}

export type SubscriptionRecord = typeof subscriptions.$inferSelect;

export async function listSubscriptions(
  db: DbOrTx,
  filter: { orderId?: string; memberId?: string; visitorId?: string },
): Promise<SubscriptionRecord[]> {
  const conditions = [
    ...(filter.orderId ? [eq(subscriptions.orderId, filter.orderId)] : []),
    ...(filter.memberId ? [eq(subscriptions.memberId, filter.memberId)] : []),
    ...(filter.visitorId ? [eq(subscriptions.visitorId, filter.visitorId)] : []),
  ];
  return db
    .select()
    .from(subscriptions)
    .where(conditions.length > 0 ? or(...conditions) : undefined)
    .orderBy(asc(subscriptions.createdDate));
}
