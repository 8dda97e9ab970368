import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { EventActor } from '../../events/index.js';
import { paymentByReference, recordGatewayRefund } from '../../payments/index.js';
import { orders } from '../orders.schema.js';
import { orderRefunds } from '../refunds.schema.js';
import { moneyWords } from './refund-amounts.service.js';
import { commitRefund, listRefunds } from './refunds.service.js';

export interface GatewayRefund {
  /** The payment it gives back (a Stripe PaymentIntent id). */
  paymentReference: string;
  /** The gateway's id of the refund (Stripe's `re_…`). */
  refundId: string;
  amountMinor: number;
  /** The key our own refunds send along (`refund:<our refund id>:<payment id>`), when it is one of ours. */
  ourKey?: string | undefined;
}

/**
 * A refund the gateway tells us about (Stripe's `refund.created`, `refund.updated`, `charge.refunded`):
 * one made in its dashboard is recorded as our own refunds are — a refund row (money only: no lines,
 * nothing restocked), the order's payment status, the events, the timeline and the buyer's e-mail. It is
 * matched on the gateway's refund id with the order row locked (as our refunds lock it), so an event
 * replayed, delivered twice at once, or following one of our own refunds records nothing a second time.
 */
export async function recordRefundFromGateway(
  tx: Tx,
  refund: GatewayRefund,
  ctx: { actor: EventActor; now: Date },
): Promise<'applied' | 'ignored'> {
  if (refund.amountMinor <= 0) return 'ignored';
  const payment = await paymentByReference(tx, 'STRIPE', refund.paymentReference, false);
  if (!payment) return 'ignored';
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
  // A canceled order gave its payments back when it was canceled: Stripe's word on that refund is old news.
  if (!order || order.status === 'CANCELED') return 'ignored';
  if (await knownRefund(tx, order.id, refund)) return 'ignored';
  const applied = await recordGatewayRefund(tx, payment.id, refund.amountMinor);
  if (applied <= 0) return 'ignored';
  const history = await listRefunds(tx, order.id);
  await commitRefund(tx, {
    order,
    previousMinor: history.reduce((sum, row) => sum + row.amountMinor, 0),
    values: {
      id: uuidv7(),
      orderId: order.id,
      amountMinor: applied,
      transactions: [
        {
          paymentId: payment.id,
          provider: 'STRIPE',
          amountMinor: applied,
          providerRefundId: refund.refundId,
        },
      ],
      reason: 'Refunded in Stripe',
      createdDate: ctx.now,
      updatedDate: ctx.now,
    },
    sendEmail: true,
    message: `Refunded ${moneyWords(order, applied)} in Stripe's dashboard`,
    actor: ctx.actor,
    now: ctx.now,
  });
  return 'applied';
}

async function knownRefund(tx: Tx, orderId: string, refund: GatewayRefund): Promise<boolean> {
  const byGatewayId = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        sql`${orderRefunds.transactions} @> ${JSON.stringify([{ providerRefundId: refund.refundId }])}::jsonb`,
      ),
    );
  if (byGatewayId.length > 0) return true;
  // One of ours whose gateway id we did not keep (recorded before ids were): its key names it.
  const ours = /^refund:([\w-]+):/.exec(refund.ourKey ?? '')?.[1];
  if (!ours) return false;
  const [row] = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.id, ours));
  return row !== undefined;
}
