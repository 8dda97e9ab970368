import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  AppError,
  type FieldViolation,
  invalidField,
  notFound,
  ValidationFailed,
} from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import { toDecimalString, toMinorUnits } from '../../../lib/money.js';
import { restoreStock } from '../../catalog/index.js';
import { type EventActor, recordEvent } from '../../events/index.js';
import {
  capturedByOrder,
  lockRefundablePayments,
  type PaymentProviders,
  refundCapturedPayments,
} from '../../payments/index.js';
import { refundGiftCard } from '../../store-setup/index.js';
import { recordActivity } from '../activities.service.js';
import { settleFulfillmentStatus } from '../fulfillments/fulfillments.service.js';
import { orderEventPayload } from '../order-snapshot.mapper.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';
import { orderRefunds, type RefundedLine } from '../refunds.schema.js';
import {
  moneyWords,
  type RefundHistory,
  type RefundLineRequest,
  refundedLines,
  refundHistoryOf,
  shippingPaidMinor,
} from './refund-amounts.service.js';
import { refundOut } from './refunds.mapper.js';

export type RefundRecord = typeof orderRefunds.$inferSelect;

export interface RefundRequest {
  orderId: string;
  /** A set amount, as a decimal (e.g. less a restocking fee); else what the lines and shipping are worth. */
  amount?: string | number;
  items: RefundLineRequest[];
  shippingIncluded: boolean;
  restock: { type: 'NO_ITEMS' | 'ALL_ITEMS' | 'SOME_ITEMS'; items: RefundLineRequest[] };
  reason?: string;
  sendEmail: boolean;
  /** Check and compute only: what the refund would give back, nothing charged or recorded. */
  dryRun?: boolean;
}

export interface RefundContext {
  actor: EventActor;
  now: Date;
  providers: PaymentProviders;
}

export async function listRefunds(db: DbOrTx, orderId: string): Promise<RefundRecord[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdDate), asc(orderRefunds.id));
}

/** What the refunds of each order gave back (money and gift card), for the orders' balance summaries. */
export async function refundedByOrder(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderRefunds.orderId, total: sql<string>`sum(${orderRefunds.amountMinor})` })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .groupBy(orderRefunds.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.total)]));
}

/**
 * Gives money back on an order (ADR 036): the order row is locked first, so the refundable amount read
 * here cannot be spent by a concurrent refund before this one commits. The gateway is called inside the
 * transaction with a key derived from the refund; if it fails, nothing is recorded.
 */
export function refundOrder(
  db: DbOrTx,
  request: RefundRequest,
  ctx: RefundContext,
): Promise<{ refund: RefundRecord; order: OrderRecord; restocked: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    if (!order) throw notFound('Order', request.orderId);
    if (order.status === 'CANCELED')
      throw new AppError('ORDER_CANCELED', 'Order is canceled', {
        status: 409,
        description: `Order #${order.number} was canceled and its payments given back already.`,
        data: { orderId: order.id },
      });
    const earlier = await listRefunds(tx, order.id);
    const history = refundHistoryOf(earlier);
    const lines = refundedLines(order, history, request.items, 'details.items');
    const shippingMinor = request.shippingIncluded ? shippingLeft(order, history) : 0;
    const setAmount = setAmountOf(order, request.amount);
    const amountMinor = setAmount ?? lines.reduce((sum, line) => sum + line.amountMinor, 0) + shippingMinor;
    if (amountMinor <= 0)
      throw invalidField(
        'details.items',
        'REQUIRED_FIELD',
        'name the lines, the shipping or an amount to refund',
      );

    const payments = await lockRefundablePayments(tx, order.id);
    const paymentsLeft = payments.reduce((sum, entry) => sum + entry.refundable, 0);
    const giftCardLeft = order.giftCardId
      ? (order.totals.giftCard?.appliedAmount ?? 0) - history.giftCardMinor
      : 0;
    const refundable = paymentsLeft + giftCardLeft;
    if (refundable <= 0) throw nothingToRefund(order, history);
    if (amountMinor > refundable)
      throw invalidField(
        setAmount === undefined ? 'details' : 'paymentRefunds[0].amount',
        'DECIMAL_LTE',
        `${moneyWords(order, amountMinor)} is more than the ${moneyWords(order, refundable)} that can still be refunded`,
        {
          requestedAmount: toDecimalString(amountMinor, order.currency),
          refundableAmount: toDecimalString(refundable, order.currency),
        },
      );
    const restock = restockLines(order, history, request, lines);
    refuseDuplicate(order, earlier, { lines, shippingMinor, amountMinor, reason: request.reason }, ctx.now);
    const refundId = uuidv7();
    // Money goes back to the buyer's payments first; what the gift card paid goes back to the card.
    const moneyPart = Math.min(amountMinor, paymentsLeft);
    const giftCardMinor = amountMinor - moneyPart;
    const values = {
      id: refundId,
      orderId: order.id,
      amountMinor,
      giftCardMinor,
      shippingMinor,
      lines,
      restocked: restock,
      reason: request.reason ?? null,
      createdDate: ctx.now,
      updatedDate: ctx.now,
    };
    if (request.dryRun) return { refund: { ...values, transactions: [] }, order, restocked: false };

    const transactions =
      moneyPart > 0
        ? await refundCapturedPayments(tx, ctx.providers, {
            orderId: order.id,
            refundId,
            amountMinor: moneyPart,
          })
        : [];
    if (giftCardMinor > 0 && order.giftCardId)
      await refundGiftCard(tx, {
        giftCardId: order.giftCardId,
        amountMinor: giftCardMinor,
        orderId: order.id,
        now: ctx.now,
      });
    if (restock.length > 0) await restoreStock(tx, stockLinesOf(order, restock), { actor: ctx.actor });

    const { refund, order: paid } = await commitRefund(tx, {
      order,
      previousMinor: history.totalMinor,
      values: { ...values, transactions },
      sendEmail: request.sendEmail,
      actor: ctx.actor,
      now: ctx.now,
    });
    // Refunded units are no longer due: the rest shipped already makes the order fulfilled.
    const saved = lines.length > 0 ? await settleFulfillmentStatus(tx, paid, ctx) : paid;
    return { refund, order: saved, restocked: restock.length > 0 };
  });
}

/**
 * Records a refund already given back (by us or by the gateway on its own) the one way every refund is
 * recorded: its row, the order's payment status (FULLY_REFUNDED once all that was paid is back, else
 * PARTIALLY_REFUNDED), `ecom.refund.created` and `ecom.order.updated`, and the timeline entry. The caller
 * holds the order row locked and has checked the amount fits.
 */
export async function commitRefund(
  tx: Tx,
  input: {
    order: OrderRecord;
    /** What earlier refunds of the order gave back. */
    previousMinor: number;
    values: typeof orderRefunds.$inferInsert & { id: string; amountMinor: number };
    sendEmail: boolean;
    actor: EventActor;
    now: Date;
    /** The timeline's words, when not the usual ones (a refund made elsewhere says where). */
    message?: string;
  },
): Promise<{ refund: RefundRecord; order: OrderRecord }> {
  const { order, values, now } = input;
  const [refund] = await tx.insert(orderRefunds).values(values).returning();
  if (!refund) throw notFound('Refund', values.id);
  const paid =
    ((await capturedByOrder(tx, [order.id])).get(order.id) ?? 0) +
    (order.giftCardId ? (order.totals.giftCard?.appliedAmount ?? 0) : 0);
  const fully = input.previousMinor + values.amountMinor >= paid;
  const [saved] = await tx
    .update(orders)
    .set({ paymentStatus: fully ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED', updatedDate: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!saved) throw notFound('Order', order.id);
  await recordEvent(tx, {
    type: 'ecom.refund.created',
    entityType: 'refund',
    entityId: refund.id,
    payload: {
      orderId: order.id,
      refund: refundOut(refund, order),
      sendOrderRefundedEmail: input.sendEmail,
    },
    actor: input.actor,
  });
  await recordEvent(tx, {
    type: 'ecom.order.updated',
    entityType: 'order',
    entityId: order.id,
    payload: orderEventPayload(saved),
    actor: input.actor,
  });
  await recordActivity(tx, {
    orderId: order.id,
    type: 'ORDER_REFUNDED',
    message: input.message ?? refundMessage(order, refund),
    actor: input.actor,
    details: { refundId: refund.id, amount: toDecimalString(values.amountMinor, order.currency) },
    now,
  });
  return { refund, order: saved };
}

/** How long the same refund again counts as one submission sent twice (a double click, a resubmit). */
const DUPLICATE_REFUND_MS = 10 * 60_000;

/**
 * Refuses a refund that repeats one made minutes ago exactly (same lines and quantities, shipping,
 * amount and reason): money given back twice by a double click cannot be taken back. A second refund
 * of the same that is meant is told apart by its reason.
 */
function refuseDuplicate(
  order: OrderRecord,
  earlier: readonly RefundRecord[],
  asked: { lines: readonly RefundedLine[]; shippingMinor: number; amountMinor: number; reason?: string },
  now: Date,
): void {
  const key = (lines: readonly { lineItemId: string; quantity: number }[]) =>
    lines
      .map((line) => `${line.lineItemId}×${line.quantity}`)
      .sort()
      .join(',');
  const twin = earlier.find(
    (row) =>
      now.getTime() - row.createdDate.getTime() < DUPLICATE_REFUND_MS &&
      row.amountMinor === asked.amountMinor &&
      row.shippingMinor === asked.shippingMinor &&
      (row.reason ?? '') === (asked.reason ?? '') &&
      key(row.lines) === key(asked.lines),
  );
  if (!twin) return;
  const minutes = Math.round((now.getTime() - twin.createdDate.getTime()) / 60_000);
  const when = minutes < 1 ? 'moments ago' : minutes === 1 ? 'a minute ago' : `${minutes} minutes ago`;
  throw new AppError('DUPLICATE_REFUND', 'This refund was made already', {
    status: 409,
    description: `The same refund (${refundMessage(order, twin).replace(/^Refunded /, '')}) was made on order #${order.number} ${when}. Reload the order to see it; if you mean to refund the same again, give it its own reason.`,
    data: { orderId: order.id, refundId: twin.id },
  });
}

function setAmountOf(order: OrderRecord, amount: string | number | undefined): number | undefined {
  if (amount === undefined) return undefined;
  const minor = toMinorUnits(amount, order.currency);
  if (minor === undefined)
    throw invalidField(
      'paymentRefunds[0].amount',
      'FORMAT',
      `is not an amount in ${order.currency}, e.g. "12.50"`,
    );
  if (minor <= 0) throw invalidField('paymentRefunds[0].amount', 'DECIMAL_GT', 'must be more than 0');
  return minor;
}

function shippingLeft(order: OrderRecord, history: RefundHistory): number {
  const left = shippingPaidMinor(order) - history.shippingMinor;
  if (left <= 0)
    throw invalidField(
      'details.shippingIncluded',
      'VALIDATION',
      history.shippingMinor > 0 ? 'the shipping was refunded already' : 'this order paid no shipping',
    );
  return left;
}

function nothingToRefund(order: OrderRecord, history: RefundHistory): AppError {
  const refunded = moneyWords(order, history.totalMinor);
  const description =
    order.paymentStatus === 'AUTHORIZED'
      ? `Order #${order.number} has ${moneyWords(order, 0)} paid: its payment is only authorized. Capture it first, or cancel the order to release it.`
      : history.totalMinor > 0
        ? `Order #${order.number} was refunded in full (${refunded}); ${moneyWords(order, 0)} is left to refund.`
        : `Order #${order.number} is not paid (${moneyWords(order, 0)} received); there is nothing to refund.`;
  return new AppError('NOTHING_TO_REFUND', `Nothing to refund: ${moneyWords(order, 0)} can be refunded`, {
    status: 409,
    description,
    data: {
      orderId: order.id,
      refundableAmount: toDecimalString(0, order.currency),
      paymentStatus: order.paymentStatus,
    },
  });
}

/** The units a refund puts back in stock: each unit of a line at most once over all refunds. */
function restockLines(
  order: OrderRecord,
  history: RefundHistory,
  request: RefundRequest,
  lines: readonly { lineItemId: string; quantity: number }[],
): { lineItemId: string; quantity: number }[] {
  if (request.restock.type === 'NO_ITEMS') return [];
  const asked = request.restock.type === 'ALL_ITEMS' ? lines : request.restock.items;
  const violations: FieldViolation[] = [];
  const result: { lineItemId: string; quantity: number }[] = [];
  asked.forEach((item, index) => {
    const field = `sideEffects.restockInfo.items[${index}]`;
    const line = order.lines.find((candidate) => candidate.id === item.lineItemId);
    const stocked = line?.productId && line.variantId && !line.custom;
    if (!line || !stocked) {
      // Refunding every line with ALL_ITEMS skips lines that hold no stock (custom, services).
      if (request.restock.type === 'SOME_ITEMS')
        violations.push({
          field: `${field}.lineItemId`,
          violatedRule: 'VALIDATION',
          description: 'is not a stocked line of this order',
        });
      return;
    }
    const left = line.quantity - (history.restocked.get(line.id) ?? 0);
    if (item.quantity > left)
      violations.push({
        field: `${field}.quantity`,
        violatedRule: 'MAX',
        description: `is more than the ${left} of "${line.name}" not yet put back in stock`,
        data: { maxQuantity: left, threshold: left },
      });
    else result.push({ lineItemId: line.id, quantity: item.quantity });
  });
  if (violations.length > 0) throw new ValidationFailed(violations);
  return result;
}

function stockLinesOf(order: OrderRecord, restock: readonly { lineItemId: string; quantity: number }[]) {
  return restock.flatMap((item) => {
    const line = order.lines.find((candidate) => candidate.id === item.lineItemId);
    return line?.productId && line.variantId
      ? [{ productId: line.productId, variantId: line.variantId, quantity: item.quantity }]
      : [];
  });
}

export function refundMessage(order: OrderRecord, refund: RefundRecord): string {
  const parts = refund.lines.map((line) => {
    const name = order.lines.find((candidate) => candidate.id === line.lineItemId)?.name ?? 'item';
    return `${line.quantity} × ${name}`;
  });
  if (refund.shippingMinor > 0) parts.push('shipping');
  const what = parts.length > 0 ? `: ${parts.join(', ')}` : '';
  const card =
    refund.giftCardMinor > 0 ? ` (${moneyWords(order, refund.giftCardMinor)} to the gift card)` : '';
  const stock = refund.restocked.length > 0 ? '; restocked' : '';
  return `Refunded ${moneyWords(order, refund.amountMinor)}${what}${card}${stock}`;
}

/** The lock and history other order changes need to stay consistent with refunds (cancel). */
export async function refundHistory(tx: Tx, orderId: string): Promise<RefundHistory> {
  return refundHistoryOf(await listRefunds(tx, orderId));
}
