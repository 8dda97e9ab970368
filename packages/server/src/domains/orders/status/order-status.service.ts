import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/http/errors.js';
import { restoreStock } from '../../catalog/index.js';
import { type EventActor, recordEvent } from '../../events/index.js';
import {
  capturePayments,
  listPayments,
  type PaymentProviders,
  recordManualPayment,
  reversePayments,
  voidAuthorizations,
} from '../../payments/index.js';
import { refundGiftCard } from '../../store-setup/index.js';
import type { OrderActivityType } from '../activities.schema.js';
import { recordActivity } from '../activities.service.js';
import { orderEventPayload } from '../order-snapshot.mapper.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';
import { refundHistory } from '../refunds/refunds.service.js';

export interface StatusContext {
  actor: EventActor;
  now: Date;
  providers: PaymentProviders;
}

type Change = (tx: Tx, order: OrderRecord) => Promise<Partial<OrderRecord> | undefined>;
type Activity = { type: OrderActivityType; message: (order: OrderRecord) => string };

/**
 * Every status change: lock the order, check, change, record `ecom.order.updated` and the timeline
 * entry — one transaction.
 */
function changeOrder(
  db: DbOrTx,
  id: string,
  ctx: StatusContext,
  activity: Activity,
  change: Change,
): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound('Order', id);
    const changes = await change(tx, order);
    if (!changes) return order;
    const [saved] = await tx
      .update(orders)
      .set({ ...changes, updatedDate: ctx.now })
      .where(eq(orders.id, id))
      .returning();
    if (!saved) throw notFound('Order', id);
    await recordEvent(tx, {
      type: 'ecom.order.updated',
      entityType: 'order',
      entityId: id,
      payload: orderEventPayload(saved),
      actor: ctx.actor,
    });
    await recordActivity(tx, {
      orderId: id,
      type: activity.type,
      message: activity.message(saved),
      actor: ctx.actor,
      now: ctx.now,
    });
    return saved;
  });
}

function refuseIfCanceled(order: OrderRecord, action: string): void {
  if (order.status === 'CANCELED') {
    throw new AppError('ORDER_CANCELED', 'Order is canceled', {
      status: 409,
      description: `Order #${order.number} was canceled; it cannot be ${action}.`,
      data: { orderId: order.id },
    });
  }
}

/**
 * The merchant received the money: authorized card payments are captured, whatever is still due
 * (offline lines, offline orders) is recorded as a manual payment. Paying a paid order changes nothing.
 */
export function markOrderPaid(db: DbOrTx, id: string, ctx: StatusContext): Promise<OrderRecord> {
  const activity: Activity = { type: 'ORDER_PAID', message: () => 'Marked as paid' };
  return changeOrder(db, id, ctx, activity, async (tx, order) => {
    refuseIfCanceled(order, 'paid');
    // Paid, or paid and (partly) refunded since: marking it paid again changes nothing.
    if (['PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'].includes(order.paymentStatus)) return undefined;
    await capturePayments(tx, ctx.providers, order.id);
    // What is still due is what the order costs beyond the gift card, less every payment taken so far
    // (card, captured just now, or recorded by hand): right whatever mix of deposit, offline and card.
    const taken = (await listPayments(tx, order.id))
      .filter((payment) => payment.status === 'CAPTURED')
      .reduce((sum, payment) => sum + payment.amountMinor, 0);
    const due = order.totals.payNow + order.totals.payLater - taken;
    await recordManualPayment(tx, {
      orderId: order.id,
      amountMinor: Math.max(due, 0),
      currency: order.currency,
    });
    return { paymentStatus: 'PAID', paidDate: ctx.now };
  });
}

/** Captures an authorization made with delayCapture. */
export function captureOrderPayment(db: DbOrTx, id: string, ctx: StatusContext): Promise<OrderRecord> {
  const activity: Activity = { type: 'PAYMENT_CAPTURED', message: () => 'Payment captured' };
  return changeOrder(db, id, ctx, activity, async (tx, order) => {
    refuseIfCanceled(order, 'captured');
    if (order.paymentStatus !== 'AUTHORIZED') {
      throw new AppError('NOTHING_TO_CAPTURE', 'Nothing to capture', {
        status: 409,
        description: `Order #${order.number} has no authorized payment (payment status ${order.paymentStatus}).`,
        data: { orderId: order.id, paymentStatus: order.paymentStatus },
      });
    }
    await capturePayments(tx, ctx.providers, order.id);
    const paid = order.totals.payLater === 0;
    return { paymentStatus: paid ? 'PAID' : 'PARTIALLY_PAID', ...(paid ? { paidDate: ctx.now } : {}) };
  });
}

/**
 * Releases an authorization made with delayCapture (or the store's "authorize only"): the gateway drops
 * the hold on the buyer's card and the order's payment status becomes VOIDED, as when the authorization
 * is cancelled in Stripe's dashboard. The order stays open with its stock held: the merchant may still
 * take the money another way (Mark paid) or cancel it, which returns the stock (ADR 035 addendum).
 * Sent again, it changes nothing; racing a capture, whichever locks the order first wins and the other
 * is refused.
 */
export function voidOrderPayment(db: DbOrTx, id: string, ctx: StatusContext): Promise<OrderRecord> {
  const activity: Activity = {
    type: 'PAYMENT_VOIDED',
    message: () => 'Authorization voided: the card is no longer held',
  };
  return changeOrder(db, id, ctx, activity, async (tx, order) => {
    refuseIfCanceled(order, 'voided');
    if (order.paymentStatus === 'VOIDED') return undefined;
    if (order.paymentStatus !== 'AUTHORIZED') {
      throw new AppError('NOTHING_TO_VOID', 'Nothing to void', {
        status: 409,
        description: `Order #${order.number} has no authorized payment to release (payment status ${order.paymentStatus}).`,
        data: { orderId: order.id, paymentStatus: order.paymentStatus },
      });
    }
    await voidAuthorizations(tx, ctx.providers, order.id);
    return { paymentStatus: 'VOIDED' };
  });
}

/**
 * Cancels an order that has not been fulfilled: stock goes back, the gift card gets its amount back,
 * authorizations are voided and card payments refunded. The coupon use and membership credits stay
 * counted (docs/api/cart-checkout-orders.md "Payments").
 */
export function cancelOrder(db: DbOrTx, id: string, ctx: StatusContext): Promise<OrderRecord> {
  const activity: Activity = {
    type: 'ORDER_CANCELED',
    message: () => 'Canceled: stock returned, payments voided or refunded',
  };
  return changeOrder(db, id, ctx, activity, async (tx, order) => {
    if (order.status === 'CANCELED') return undefined;
    if (order.fulfillmentStatus !== 'NOT_FULFILLED') {
      throw new AppError('ORDER_ALREADY_FULFILLED', 'Order already shipped', {
        status: 409,
        description: `Order #${order.number} has been ${order.fulfillmentStatus === 'FULFILLED' ? 'fulfilled' : 'partly shipped'} and cannot be canceled; refund it instead (with restocking for items returned).`,
        data: { orderId: order.id, fulfillmentStatus: order.fulfillmentStatus },
      });
    }
    // Earlier partial refunds already put some units back and gave some money back: not twice.
    const history = await refundHistory(tx, order.id);
    const stockLines = order.lines.flatMap((line) => {
      const quantity = line.quantity - (history.restocked.get(line.id) ?? 0);
      return line.productId && line.variantId && !line.custom && quantity > 0
        ? [{ productId: line.productId, variantId: line.variantId, quantity }]
        : [];
    });
    if (stockLines.length > 0) await restoreStock(tx, stockLines, { actor: ctx.actor });
    const giftCardAmount = (order.totals.giftCard?.appliedAmount ?? 0) - history.giftCardMinor;
    if (order.giftCardId && giftCardAmount > 0)
      await refundGiftCard(tx, {
        giftCardId: order.giftCardId,
        amountMinor: giftCardAmount,
        orderId: order.id,
        now: ctx.now,
      });
    const reversed = await reversePayments(tx, ctx.providers, order.id);
    return {
      status: 'CANCELED',
      canceledDate: ctx.now,
      ...(reversed ? { paymentStatus: reversed } : {}),
    };
  });
}
