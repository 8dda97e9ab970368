import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { ProductRecord } from '../../catalog/index.js';
import { decrementStock } from '../../catalog/index.js';
import {
  assertOpen,
  type CheckoutRow,
  completeCheckoutForOrder,
  lockCheckout,
  totalsOf,
} from '../../checkout/index.js';
import { type DomainEvent, recordEvents } from '../../events/index.js';
import type { ChargeResult, PreparedPayment, TakePaymentInput } from '../../payments/index.js';
import {
  cardProviderOf,
  ownerKeyOf,
  paymentByReference,
  preparePayment,
  recordPayment,
} from '../../payments/index.js';
import type { LineView, Totals } from '../../pricing/index.js';
import { linesWithSetup } from '../../pricing/index.js';
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
import type { CreatedOrder, CreateOrderContext, CreateOrderInput } from './create-order.types.js';
import { planBuyerOf, recordPlanOrder } from './plan-lines.service.js';

/** A payment step 2 took for this checkout: what step 1 prepared, what the gateway answered, for how much. */
export interface TakenAtGateway {
  prepared: Exclude<PreparedPayment, { kind: 'none' }>;
  charged: ChargeResult;
  payment: TakePaymentInput;
}

export type Placement =
  /** The order is written (with no gateway involved, in the first transaction already). */
  | { kind: 'placed'; order: CreatedOrder }
  /** The checkout was ordered before; `stray` is a payment made for it that the order does not hold. */
  | { kind: 'ordered'; order: CreatedOrder; stray?: string }
  /** A gateway must be asked first: the attempt is committed with this transaction (step 2 follows). */
  | { kind: 'gateway'; prepared: Exclude<PreparedPayment, { kind: 'none' }>; payment: TakePaymentInput };

/**
 * The transaction of create-order (ADR 009, ADR 046), run once or twice. The checkout row is locked first,
 * so concurrent calls on one checkout queue; one finds its order when another has placed it. It prices
 * the checkout again and refuses ERROR violations; then, when no gateway is involved (nothing due,
 * OFFLINE), or when `paid` brings the gateway's answer (step 3), it takes stock under row locks, counts
 * the coupon, redeems the gift card and membership credits, records the payment, snapshots the order,
 * completes the checkout, deletes the cart and records the events. Otherwise it stops once the payment
 * attempt is prepared (step 1), and the caller asks the gateway with no transaction open.
 */
export async function placeOrder(
  tx: Tx,
  input: CreateOrderInput,
  ctx: CreateOrderContext,
  paid?: TakenAtGateway,
): Promise<Placement> {
  // `let`: a member who logged in from the checkout's visitor takes a plan checkout over (below).
  let row = await lockCheckout(tx, input.checkoutId, ctx.caller);
  const method = input.method ?? row.paymentSelection?.method;
  if (row.orderId) {
    const order = await existingOrder(tx, row.orderId);
    // A payment made for this checkout that its order does not hold must not stay with the store.
    const offered =
      paid?.charged.reference ??
      (method?.type === 'PAYMENT_INTENT'
        ? method.paymentIntentId
        : method?.type === 'GATEWAY_PAYMENT'
          ? method.reference
          : undefined);
    const provider = paid?.prepared.provider.name ?? cardProviderOf(ctx.providers)?.name ?? 'STRIPE';
    if (offered && (await paymentByReference(tx, provider, offered))?.orderId !== row.orderId)
      return { kind: 'ordered', order, stray: offered };
    return { kind: 'ordered', order };
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
  // A plan is sold to a member only, and a once-per-buyer plan once: refused before anything is taken.
  const sale = await planBuyerOf(tx, row, views, ctx);
  row = sale.row;
  const planBuyer = sale.buyer;
  assertOrderable(row, views, totals, setup, now);
  const payment: TakePaymentInput = {
    subject: `checkout:${row.id}`,
    amountMinor: totals.payNow,
    payLaterMinor: totals.payLater,
    currency: env.currency,
    method: method ?? { type: 'OFFLINE' },
    // The store's "authorize only" setting holds every card payment for the merchant to capture;
    // a client may still ask for delayCapture in a store that captures at once.
    delayCapture:
      setup.settings.cardCapture === 'MANUAL' ||
      (input.delayCapture ?? row.paymentSelection?.delayCapture ?? false),
    savePaymentMethod: input.savePaymentMethod ?? row.paymentSelection?.savePaymentMethod ?? false,
    ...(ownerKeyOf(row) ? { ownerKey: ownerKeyOf(row) } : {}),
  };
  let prepared: PreparedPayment;
  if (paid) {
    // The checkout changed while the gateway was asked: the payment no longer fits (it is given back).
    if (paid.payment.amountMinor !== payment.amountMinor || paid.payment.currency !== payment.currency)
      throw new AppError('PAYMENT_AMOUNT_CHANGED', 'The order total changed while paying', {
        status: 409,
        description: 'The total changed while you paid. Check the order and pay again.',
      });
    prepared = paid.prepared;
  } else {
    prepared = await preparePayment(tx, ctx.providers, payment, now);
    if (prepared.kind !== 'none') return { kind: 'gateway', prepared, payment };
  }

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
  const taken = await recordPayment(tx, prepared, paid?.charged, { ...payment, orderId, now });

  // A gift card that paid part of the order (a deposit, say) leaves it partly paid, not unpaid.
  const paymentStatus =
    taken.paymentStatus === 'NOT_PAID' && giftCardAmount > 0 ? 'PARTIALLY_PAID' : taken.paymentStatus;
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
  const subscriptionRows = subscriptionRowsOf(order, lines, now, taken.savedPaymentMethodId);
  if (subscriptionRows.length > 0) await tx.insert(subscriptions).values(subscriptionRows);
  if (planBuyer)
    await recordPlanOrder(tx, env, {
      ...planBuyer,
      orderId,
      checkoutId: row.id,
      paid: paymentStatus === 'PAID',
      now,
    });

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
    kind: 'placed',
    order: {
      orderId,
      ...(subscriptionRows[0] ? { subscriptionId: subscriptionRows[0].id } : {}),
      ...(taken.reference ? { paymentGatewayOrderId: taken.reference } : {}),
    },
  };
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
