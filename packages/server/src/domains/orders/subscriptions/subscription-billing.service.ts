import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import { applyPpm, taxIncludedIn } from '../../../lib/ratio.js';
import { type Caller, isMerchant } from '../../access/index.js';
import { type EventActor, recordEvents } from '../../events/index.js';
import type {
  ChargeResult,
  PaymentProviders,
  PreparedPayment,
  TakePaymentInput,
} from '../../payments/index.js';
import {
  executePayment,
  giveBackPayment,
  ownerKeyOf,
  paymentByReference,
  preparePayment,
  recordPayment,
} from '../../payments/index.js';
import type { OrderLine, OrderTotals } from '../order.types.js';
import { orderEventPayload } from '../order-snapshot.mapper.js';
import { orders, subscriptions } from '../orders.schema.js';
import { addPeriods, type SubscriptionRecord } from './subscriptions.service.js';

const SYSTEM: EventActor = { identityType: 'APP', id: 'subscription-billing' };

export interface BillingRound {
  /** Renewal orders created. */
  billed: number;
  /** Of those, paid by the saved payment method at once. */
  paid: number;
  /** Subscriptions whose last cycle was billed in this round. */
  ended: number;
  /** Renewals that failed (rolled back, reported to `onError`); they are tried again next round. */
  failed: number;
}

/**
 * Bills every subscription whose `nextBillingDate` has come: one renewal order per cycle, charged
 * through the saved payment method of the first order (via the payment provider), or left NOT_PAID for
 * the merchant to collect when there is none or the gateway declines. Each subscription is billed in its
 * own transaction, claimed with `FOR UPDATE SKIP LOCKED`, so any number of processes can run this at once
 * and each due cycle is billed exactly once (the renewal's `checkout_id`, `renewal:<id>:<cycle>`, is
 * unique besides). The schedule advances from the start date (no drift); after `billingCycles` cycles
 * the subscription ENDS. A subscription overdue by several cycles is billed one cycle per round.
 */
export async function billDueSubscriptions(
  db: Db,
  ctx: {
    now: Date;
    providers: PaymentProviders;
    limit?: number;
    onError?: (error: unknown, subscriptionId: string | undefined) => void;
  },
): Promise<BillingRound> {
  const round: BillingRound = { billed: 0, paid: 0, ended: 0, failed: 0 };
  const claimed = new Set<string>();
  for (let index = 0; index < (ctx.limit ?? 100); index++) {
    let current: string | undefined;
    try {
      const step = await db.transaction(async (tx) => {
        const [due] = await tx
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.status, 'ACTIVE'),
              sql`${subscriptions.nextBillingDate} <= ${ctx.now}`,
              claimed.size > 0 ? sql`${subscriptions.id} NOT IN ${[...claimed]}` : undefined,
            ),
          )
          .orderBy(subscriptions.nextBillingDate, subscriptions.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return undefined;
        claimed.add(due.id);
        current = due.id;
        return renew(tx, due, ctx);
      });
      if (!step) break;
      const outcome = step.kind === 'done' ? step.outcome : await renewWithGateway(db, step, ctx);
      if (!outcome) continue;
      round.billed += 1;
      if (outcome.paid) round.paid += 1;
      if (outcome.ended) round.ended += 1;
    } catch (error) {
      // One broken subscription must not stop the others: report it and go on (it stays due).
      if (!current) throw error;
      round.failed += 1;
      ctx.onError?.(error, current);
    }
  }
  return round;
}

type RenewalStep =
  | { kind: 'done'; outcome: { paid: boolean; ended: boolean } }
  | {
      kind: 'gateway';
      subscriptionId: string;
      cycle: number;
      prepared: Exclude<PreparedPayment, { kind: 'none' }>;
      payment: TakePaymentInput;
    };

/**
 * Steps 2 and 3 of a renewal paid by the saved card (ADR 046): the gateway asked with no transaction
 * open, then the subscription locked again and the renewal written, unless another process billed this
 * cycle meanwhile (it asked under the same key, so it holds the same payment). A decline leaves the
 * renewal unpaid for the merchant to collect; a refusal after the charge gives the payment back.
 */
async function renewWithGateway(
  db: Db,
  step: Extract<RenewalStep, { kind: 'gateway' }>,
  ctx: { now: Date; providers: PaymentProviders },
): Promise<{ paid: boolean; ended: boolean } | undefined> {
  let charged: ChargeResult | undefined;
  try {
    charged = await executePayment(db, step.prepared, step.payment, ctx.now);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
  }
  const giveBack = () =>
    charged
      ? giveBackPayment(
          db,
          step.prepared.provider,
          { reference: charged.reference, subject: step.payment.subject },
          ctx.now,
        )
      : Promise.resolve();
  try {
    const done = await db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, step.subscriptionId))
        .for('update');
      if (sub?.status !== 'ACTIVE' || sub.cyclesBilled + 1 !== step.cycle) return undefined;
      const renewed = await renew(tx, sub, ctx, { prepared: step.prepared, charged });
      return renewed.kind === 'done' ? renewed.outcome : undefined;
    });
    if (done) return done;
    // Billed by another process (with this very payment, or none), or cancelled meanwhile.
    if (charged && !(await paymentByReference(db, step.prepared.provider.name, charged.reference, false)))
      await giveBack();
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await giveBack();
    throw error;
  }
}

async function renew(
  tx: Tx,
  sub: SubscriptionRecord,
  ctx: { now: Date; providers: PaymentProviders },
  paid?: { prepared: Exclude<PreparedPayment, { kind: 'none' }>; charged: ChargeResult | undefined },
): Promise<RenewalStep> {
  const [first] = await tx.select().from(orders).where(eq(orders.id, sub.orderId));
  const line = first?.lines.find((candidate) => candidate.id === sub.lineItemId);
  if (!first || !line) throw new Error(`subscription ${sub.id} has lost its first order or line`);
  const cycle = sub.cyclesBilled + 1;
  const orderId = uuidv7(ctx.now.getTime());
  const priced = renewalLine(line, sub, first.totals.tax.pricesIncludeTax);
  const ownerKey = ownerKeyOf(sub);
  const payment: TakePaymentInput = {
    // One renewal per subscription and cycle: a retried billing run reuses the attempt and its key.
    subject: `subscription:${sub.id}:${cycle}`,
    amountMinor: priced.totalMinor,
    payLaterMinor: 0,
    currency: sub.currency,
    method: sub.savedPaymentMethodId
      ? { type: 'SAVED_METHOD', savedPaymentMethodId: sub.savedPaymentMethodId }
      : { type: 'OFFLINE' },
    delayCapture: false,
    savePaymentMethod: false,
    ...(ownerKey ? { ownerKey } : {}),
  };
  let prepared: PreparedPayment;
  if (paid) prepared = paid.prepared;
  else {
    prepared = await preparePayment(tx, ctx.providers, payment, ctx.now).catch((error: unknown) => {
      // A saved method that is gone does not stop the subscription: the renewal is left unpaid.
      if (error instanceof AppError && error.status < 500)
        return { kind: 'none', paymentStatus: 'NOT_PAID' } as const;
      throw error;
    });
    if (prepared.kind !== 'none')
      return { kind: 'gateway', subscriptionId: sub.id, cycle, prepared, payment };
  }
  const taken = await recordPayment(tx, prepared, paid?.charged, { ...payment, orderId, now: ctx.now });
  const [order] = await tx
    .insert(orders)
    .values({
      id: orderId,
      checkoutId: `renewal:${sub.id}:${cycle}`,
      visitorId: first.visitorId,
      memberId: first.memberId,
      buyerEmail: first.buyerEmail,
      channelType: first.channelType,
      currency: sub.currency,
      paymentStatus: taken.paymentStatus,
      lines: [priced],
      totals: renewalTotals(first.totals, priced),
      totalMinor: priced.totalMinor,
      billingInfo: first.billingInfo,
      shipping: first.shipping ? { ...first.shipping, costMinor: 0, discountMinor: 0 } : null,
      customFields: [{ title: 'subscriptionId', value: sub.id }],
      paidDate: taken.paymentStatus === 'PAID' ? ctx.now : null,
      createdDate: ctx.now,
      updatedDate: ctx.now,
    })
    .returning();
  if (!order) throw new Error('renewal order insert returned no row');
  const ended = sub.billingCycles > 0 && cycle >= sub.billingCycles;
  await tx
    .update(subscriptions)
    .set({
      cyclesBilled: cycle,
      nextBillingDate: ended ? null : addPeriods(sub.startDate, sub.frequency, sub.interval * cycle),
      status: ended ? 'ENDED' : 'ACTIVE',
      updatedDate: ctx.now,
    })
    .where(eq(subscriptions.id, sub.id));
  await recordEvents(tx, [
    {
      type: 'ecom.order.created',
      entityType: 'order',
      entityId: orderId,
      payload: { ...orderEventPayload(order), subscriptionId: sub.id, billingCycle: cycle },
      actor: SYSTEM,
    },
  ]);
  return { kind: 'done', outcome: { paid: taken.paymentStatus === 'PAID', ended } };
}

/**
 * The renewal's line: the subscription price (plan price × quantity) with the first order's tax rate;
 * one-time coupons and gift cards of the first order do not carry over, and nothing ships for a fee.
 */
function renewalLine(line: OrderLine, sub: SubscriptionRecord, pricesIncludeTax: boolean): OrderLine {
  const subtotal = sub.priceMinor;
  const tax = pricesIncludeTax ? taxIncludedIn(subtotal, line.taxPpm) : applyPpm(subtotal, line.taxPpm);
  return {
    ...line,
    subtotalMinor: subtotal,
    discountMinor: 0,
    taxMinor: tax,
    taxBreakdown: [],
    totalMinor: pricesIncludeTax ? subtotal : subtotal + tax,
    paymentOption: 'FULL_PAYMENT_ONLINE',
  };
}

function renewalTotals(first: OrderTotals, line: OrderLine): OrderTotals {
  const { giftCard: _giftCard, ...rest } = first;
  return {
    ...rest,
    priceSummary: {
      subtotal: line.subtotalMinor,
      discount: 0,
      shipping: 0,
      additionalFees: 0,
      tax: line.taxMinor,
      total: line.totalMinor,
    },
    appliedDiscounts: [],
    additionalFees: [],
    tax: { ...first.tax, breakdown: [], shippingTax: 0, shippingBreakdown: [] },
    payNow: line.totalMinor,
    payLater: 0,
  };
}

/** Stops a subscription: its buyer (own only; others get 404) or a merchant. No further renewals. */
export async function cancelSubscription(
  db: Db,
  id: string,
  ctx: { caller: Caller; now: Date },
): Promise<SubscriptionRecord> {
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!sub || !canSeeSubscription(ctx.caller, sub)) throw notFound('Subscription', id);
    if (sub.status !== 'ACTIVE') {
      throw new AppError('SUBSCRIPTION_NOT_ACTIVE', 'Subscription is not active', {
        status: 409,
        description: `Subscription ${id} is ${sub.status.toLowerCase()} already: nothing more will be billed.`,
        data: { subscriptionId: id, status: sub.status },
      });
    }
    const [canceled] = await tx
      .update(subscriptions)
      .set({ status: 'CANCELED', canceledDate: ctx.now, nextBillingDate: null, updatedDate: ctx.now })
      .where(eq(subscriptions.id, id))
      .returning();
    if (!canceled) throw notFound('Subscription', id);
    return canceled;
  });
}

export function canSeeSubscription(caller: Caller, sub: Pick<SubscriptionRecord, 'memberId' | 'visitorId'>) {
  if (isMerchant(caller)) return true;
  if (caller.kind === 'member') return sub.memberId === caller.memberId;
  if (caller.kind === 'visitor') return !sub.memberId && sub.visitorId === caller.visitorId;
  return false;
}

/** Renewal orders of a subscription, oldest first (their checkout id names the subscription). */
export async function renewalOrderIds(db: Db, subscriptionId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM orders WHERE checkout_id LIKE ${`renewal:${subscriptionId}:%`} ORDER BY created_date, id`,
  );
  return rows.map((row) => row.id);
}
