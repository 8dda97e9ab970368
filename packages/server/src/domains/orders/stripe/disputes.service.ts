import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { formatMoney } from '../../../lib/money.js';
import type { EventActor } from '../../events/index.js';
import { paymentByReference } from '../../payments/index.js';
import { orderActivities } from '../activities.schema.js';
import type { OrderActivity } from '../activities.service.js';
import { recordActivity } from '../activities.service.js';
import { orders } from '../orders.schema.js';

/*
 * Disputes (chargebacks) and failed payments reported by the gateway. They change no money of ours until
 * decided (Stripe takes a lost dispute's amount itself), so they are timeline entries whose details carry
 * the dispute's state; the merchant's order page shows each dispute's latest state from them. Each event
 * is applied once (the webhook's claim), and a dispute's late update never reopens a closed one.
 */

export type DisputeStatus =
  | 'warning_needs_response'
  | 'needs_response'
  | 'under_review'
  | 'won'
  | 'lost'
  | string;

export interface GatewayDispute {
  id: string;
  paymentReference: string;
  amountMinor: number;
  reason: string;
  status: DisputeStatus;
  stage: 'created' | 'updated' | 'closed';
}

const CLOSED = new Set(['won', 'lost', 'warning_closed']);
const words = (text: string) => text.replaceAll('_', ' ');

export async function recordDispute(
  tx: Tx,
  dispute: GatewayDispute,
  ctx: { actor: EventActor; now: Date },
): Promise<'applied' | 'ignored'> {
  const payment = await paymentByReference(tx, 'STRIPE', dispute.paymentReference, false);
  if (!payment) return 'ignored';
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
  if (!order) return 'ignored';
  const [last] = await tx
    .select({ details: orderActivities.details })
    .from(orderActivities)
    .where(
      and(
        eq(orderActivities.orderId, order.id),
        sql`${orderActivities.details}->>'disputeId' = ${dispute.id}`,
      ),
    )
    .orderBy(desc(orderActivities.createdDate), desc(orderActivities.id))
    .limit(1);
  if (last && CLOSED.has(String(last.details.status)) && dispute.stage !== 'closed') return 'ignored';
  const amount = formatMoney(dispute.amountMinor, order.currency);
  const message =
    dispute.stage === 'created'
      ? `Payment disputed by the buyer's bank: ${amount}, reason "${words(dispute.reason)}". Respond in Stripe's dashboard.`
      : dispute.stage === 'closed'
        ? `Dispute ${dispute.status === 'won' ? 'won: the payment stays with the store' : dispute.status === 'lost' ? `lost: ${amount} went back to the buyer` : `closed (${words(dispute.status)})`}`
        : `Dispute ${words(dispute.status)}`;
  await recordActivity(tx, {
    orderId: order.id,
    type:
      dispute.stage === 'created'
        ? 'DISPUTE_OPENED'
        : dispute.stage === 'closed'
          ? 'DISPUTE_CLOSED'
          : 'DISPUTE_UPDATED',
    message,
    actor: ctx.actor,
    details: {
      disputeId: dispute.id,
      amountMinor: dispute.amountMinor,
      reason: dispute.reason,
      status: dispute.status,
    },
    now: ctx.now,
  });
  return 'applied';
}

/** A payment of an order that the gateway failed (e.g. a renewal declined): a timeline entry. */
export async function recordPaymentFailure(
  tx: Tx,
  failure: { paymentReference: string; eventId: string; message: string },
  ctx: { actor: EventActor; now: Date },
): Promise<'applied' | 'ignored'> {
  const payment = await paymentByReference(tx, 'STRIPE', failure.paymentReference, false);
  if (!payment) return 'ignored';
  await recordActivity(tx, {
    orderId: payment.orderId,
    type: 'PAYMENT_FAILED',
    message: `Payment failed: ${failure.message}`,
    actor: ctx.actor,
    details: { eventId: failure.eventId },
    now: ctx.now,
  });
  return 'applied';
}

export interface DisputeState {
  id: string;
  amountMinor: number;
  reason: string;
  status: string;
  openedDate: Date;
  updatedDate: Date;
}

/** Each dispute of the order in its latest state, from the timeline (oldest first). */
export function disputesOf(activities: readonly OrderActivity[]): DisputeState[] {
  const byId = new Map<string, DisputeState>();
  for (const activity of activities) {
    const id = activity.details.disputeId;
    if (typeof id !== 'string') continue;
    const known = byId.get(id);
    byId.set(id, {
      id,
      amountMinor: Number(activity.details.amountMinor ?? known?.amountMinor ?? 0),
      reason: String(activity.details.reason ?? known?.reason ?? ''),
      status: String(activity.details.status ?? known?.status ?? ''),
      openedDate: known?.openedDate ?? activity.createdDate,
      updatedDate: activity.createdDate,
    });
  }
  return [...byId.values()];
}
