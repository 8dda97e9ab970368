import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { Caller } from '../../access/index.js';
import type { ProductRecord } from '../../catalog/index.js';
import { decrementStock } from '../../catalog/index.js';
import {
  assertOpen,
  type CheckoutRow,
  completeCheckoutForOrder,
  lockCheckout,
  totalsOf,
} from '../../checkout/index.js';
import { type DomainEvent, type EventActor, recordEvents } from '../../events/index.js';
import type { PaymentMethodInput, PaymentProviders, TakenPayment } from '../../payments/index.js';
import { cardProviderOf, ownerKeyOf, paymentByReference, takePayment } from '../../payments/index.js';
import type { LineView, Totals } from '../../pricing/index.js';
import { linesWithSetup, type PricingEnv } from '../../pricing/index.js';
import type { PricingSetup } from '../../store-setup/index.js';
import {
  consumeMembershipCredits,
  couponProblem,
  giftCardProblem,
  redeemForOrder,
} from '../../store-setup/index.js';
import { orderEventPayload, orderLinesOf, orderShippingOf, orderTotalsOf } from '../order-snapshot.mapper.js';
import { orders, subscriptions } from '../orders.schema.js';
import { subscriptionRowsOf } from '../subscriptions/subscriptions.service.js';

/** Payment fields left out fall back to the checkout's payment selection, then to OFFLINE / false. */
export interface CreateOrderInput {
  checkoutId: string;
  method?: PaymentMethodInput;
  delayCapture?: boolean;
  savePaymentMethod?: boolean;
}

export interface CreateOrderContext {
  env: PricingEnv;
  caller: Caller;
  actor: EventActor;
  now: Date;
  providers: PaymentProviders;
}

export interface CreatedOrder {
  orderId: string;
  subscriptionId?: string;
  paymentGatewayOrderId?: string;
}

/**
 * create-order (ADR 009). Idempotent: the checkout row is locked first, so concurrent calls on one
 * checkout queue; the first creates the order and completes the checkout, the others find its order id
 * and return it (and `orders.checkout_id` is unique besides). In one transaction: recompute the totals
 * and refuse ERROR violations, take stock under row locks (never below zero), count the coupon use,
 * redeem the gift card and membership credits, take the payment, snapshot everything, complete the
 * checkout, delete the cart, record the events. Any failure — a declined card included — rolls all of
 * it back; a charge made before a later failure is voided or refunded.
 */
export async function createOrder(
  db: DbOrTx,
  input: CreateOrderInput,
  ctx: CreateOrderContext,
): Promise<CreatedOrder> {
  let payment: TakenPayment | undefined;
  // A PaymentIntent the buyer confirmed in the browser, to pay this order with.
  let intentId: string | undefined;
  // The same, when the checkout was ordered already with another payment: it must be given back.
  let strayIntent: string | undefined;
  try {
    const created = await db.transaction(async (tx) => {
      const row = await lockCheckout(tx, input.checkoutId, ctx.caller);
      const method = input.method ?? row.paymentSelection?.method;
      if (method?.type === 'PAYMENT_INTENT') intentId = method.paymentIntentId;
      if (row.orderId) {
        if (intentId && (await paymentByReference(tx, 'STRIPE', intentId))?.orderId !== row.orderId)
          strayIntent = intentId;
        return existingOrder(tx, row.orderId);
      }
      assertOpen(row);
      const { env, now } = ctx;
      const loaded = new Map<string, ProductRecord>();
      const [views, setup] = await linesWithSetup(
        tx,
        env,
        row.lines,
        { couponId: row.couponId, giftCardId: row.giftCardId, memberId: row.memberId },
        { hold: { until: row.holdExpiresAt, now }, loaded },
      );
      const totals = await totalsOf(env, row, views, setup, now);
      assertOrderable(row, views, totals, setup, now);

      const orderId = uuidv7(now.getTime());
      const stockLines = views.flatMap((view) =>
        view.productId && view.variantId && !view.custom
          ? [{ productId: view.productId, variantId: view.variantId, quantity: view.quantity }]
          : [],
      );
      // Every event of the order (stock ones included) goes to the outbox in one statement at the end.
      const events: DomainEvent[] = [];
      if (stockLines.length > 0)
        await decrementStock(tx, stockLines, { actor: ctx.actor, events, records: loaded });
      const couponApplied = totals.appliedDiscounts.some((discount) => discount.coupon);
      const giftCardAmount = totals.giftCard?.appliedAmount ?? 0;
      await redeemForOrder(tx, {
        orderId,
        now,
        ...(setup.coupon && couponApplied
          ? { coupon: { couponId: setup.coupon.id, customerKey: customerKeyOf(row) } }
          : {}),
        ...(setup.giftCard && giftCardAmount > 0
          ? { giftCard: { giftCardId: setup.giftCard.id, amountMinor: giftCardAmount } }
          : {}),
      });
      await consumeMemberships(tx, row, views, totals, now);
      payment = await takePayment(tx, ctx.providers, {
        orderId,
        checkoutId: row.id,
        amountMinor: totals.payNow,
        payLaterMinor: totals.payLater,
        currency: env.currency,
        method: input.method ?? row.paymentSelection?.method ?? { type: 'OFFLINE' },
        // The store's "authorize only" setting holds every card payment for the merchant to capture;
        // a client may still ask for delayCapture in a store that captures at once.
        delayCapture:
          setup.settings.cardCapture === 'MANUAL' ||
          (input.delayCapture ?? row.paymentSelection?.delayCapture ?? false),
        savePaymentMethod: input.savePaymentMethod ?? row.paymentSelection?.savePaymentMethod ?? false,
        ...(ownerKeyOf(row) ? { ownerKey: ownerKeyOf(row) } : {}),
      });

      // A gift card that paid part of the order (a deposit, say) leaves it partly paid, not unpaid.
      const paymentStatus =
        payment.paymentStatus === 'NOT_PAID' && giftCardAmount > 0 ? 'PARTIALLY_PAID' : payment.paymentStatus;
      const lines = orderLinesOf(views, totals);
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          checkoutId: row.id,
          cartId: row.cartId,
          visitorId: row.visitorId,
          memberId: row.memberId,
          buyerEmail: row.buyerEmail,
          buyerNote: row.buyerNote,
          channelType: row.channelType,
          currency: env.currency,
          paymentStatus,
          lines,
          totals: orderTotalsOf(totals),
          totalMinor: totals.priceSummary.total,
          billingInfo: row.billingInfo,
          shipping: orderShippingOf(totals, row.shippingDestination ?? undefined) ?? null,
          couponId: couponApplied ? (setup.coupon?.id ?? null) : null,
          giftCardId: totals.giftCard?.appliedAmount ? (setup.giftCard?.id ?? null) : null,
          customFields: row.customFields,
          paidDate: paymentStatus === 'PAID' ? now : null,
          createdDate: now,
          updatedDate: now,
        })
        .returning();
      if (!order) throw new Error('order insert returned no row');
      const subscriptionRows = subscriptionRowsOf(order, lines, now, payment.savedPaymentMethodId);
      if (subscriptionRows.length > 0) await tx.insert(subscriptions).values(subscriptionRows);

      events.push({
        type: 'ecom.order.created',
        entityType: 'order',
        entityId: orderId,
        payload: orderEventPayload(order),
        actor: ctx.actor,
      });
      events.push(...(await completeCheckoutForOrder(tx, row, { orderId, now, actor: ctx.actor })));
      await recordEvents(tx, events);
      return {
        orderId,
        ...(subscriptionRows[0] ? { subscriptionId: subscriptionRows[0].id } : {}),
        ...(payment.reference ? { paymentGatewayOrderId: payment.reference } : {}),
      };
    });
    // Ordered already, with another payment: this one must not stay with the store.
    if (strayIntent) await releaseIntent(ctx.providers, input.checkoutId, strayIntent).catch(() => {});
    return created;
  } catch (error) {
    // The charge happened but the order did not: give the money back (best effort, the gateway's job).
    if (payment) await payment.compensate?.().catch(() => {});
    else if (intentId && givesBackIntent(error)) {
      await releaseIntent(ctx.providers, input.checkoutId, intentId);
      throw withPaymentReturned(error);
    }
    throw error;
  }
}

/**
 * Whether a failure before the payment was taken means the buyer's confirmed PaymentIntent must be given
 * back: the checkout cannot be ordered as it is (409/400). Not for 404 (not the caller's checkout), not
 * for the payment's own answers (a decline, still processing, a mismatch it already handled), and not
 * when the service was unavailable (a retry may still succeed).
 */
function givesBackIntent(error: unknown): error is AppError {
  if (!(error instanceof AppError) || error.status === 404 || error.status >= 500) return false;
  return !error.code.startsWith('PAYMENT_');
}

function withPaymentReturned(error: AppError): AppError {
  return new AppError(error.code, error.message, {
    status: error.status,
    description: `${error.description} Your payment was returned to you; nothing was charged.`,
    data: { ...error.data, paymentReturned: true },
    cause: error,
  });
}

async function releaseIntent(providers: PaymentProviders, checkoutId: string, paymentIntentId: string) {
  await cardProviderOf(providers)?.releaseIntent?.(
    { paymentIntentId, checkoutId },
    { idempotencyKey: `openshelf:intent:${paymentIntentId}:release` },
  );
}

async function existingOrder(tx: Tx, orderId: string): Promise<CreatedOrder> {
  const [subscription] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId))
    .limit(1);
  return { orderId, ...(subscription ? { subscriptionId: subscription.id } : {}) };
}

/** What must hold before anything is taken: lines, no ERROR violations, usable coupon and gift card. */
function assertOrderable(
  row: CheckoutRow,
  views: LineView[],
  totals: Totals,
  setup: PricingSetup,
  now: Date,
): void {
  if (views.length === 0)
    throw invalidField('lineItems', 'MIN_SIZE', 'the checkout has no line items', { threshold: 1 });
  if (!row.buyerEmail)
    throw invalidField(
      'checkout.buyerInfo.email',
      'REQUIRED_FIELD',
      "is required to place an order: update the checkout with the buyer's e-mail",
    );
  const errors = totals.violations.filter((violation) => violation.severity === 'ERROR');
  if (errors.length > 0) {
    throw new AppError('CHECKOUT_HAS_ERRORS', 'The checkout cannot be ordered yet', {
      status: 409,
      description: `${errors.map((e) => e.description).join(' ')} Fix the checkout, then place the order again.`,
      data: {
        violations: errors.map((e) => ({
          code: e.code,
          lineItemId: e.lineItemId,
          description: e.description,
        })),
      },
    });
  }
  if (totals.shipping.required && !totals.shipping.selected) {
    throw new AppError('SHIPPING_REQUIRED', 'Choose how to receive the order', {
      status: 409,
      description:
        'Some items must be delivered: add a shipping address and choose a shipping option or pickup.',
    });
  }
  const couponIssue = setup.coupon ? couponProblem(setup.coupon, now) : undefined;
  if (couponIssue) {
    throw new AppError(couponIssue.code, 'Coupon cannot be used', {
      status: 409,
      description: `${couponIssue.message} Remove it from the checkout, then place the order again.`,
    });
  }
  const cardIssue = setup.giftCard ? giftCardProblem(setup.giftCard, now) : undefined;
  if (cardIssue) {
    throw new AppError(cardIssue.code, 'Gift card cannot be used', {
      status: 409,
      description: `${cardIssue.message} Remove it from the checkout, then place the order again.`,
    });
  }
}

async function consumeMemberships(tx: Tx, row: CheckoutRow, views: LineView[], totals: Totals, now: Date) {
  if (!row.memberId) return;
  const units = new Map<string, number>();
  for (const line of totals.lines) {
    // MEMBERSHIP_OFFLINE lines are redeemed by hand in the dashboard, not by the order.
    if (!line.membershipId || line.paymentOption === 'MEMBERSHIP_OFFLINE') continue;
    const quantity = views.find((view) => view.id === line.id)?.quantity ?? 0;
    units.set(line.membershipId, (units.get(line.membershipId) ?? 0) + quantity);
  }
  for (const [membershipId, count] of units)
    await consumeMembershipCredits(tx, { membershipId, memberId: row.memberId, units: count, now });
}

/** Who used a coupon, for per-customer limits: the member, else the e-mail, else the visitor. */
function customerKeyOf(row: CheckoutRow): string {
  if (row.memberId) return `member:${row.memberId}`;
  if (row.buyerEmail) return `email:${row.buyerEmail.toLowerCase()}`;
  return `visitor:${row.visitorId ?? row.id}`;
}
