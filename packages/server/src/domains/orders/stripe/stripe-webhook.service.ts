import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import { type EventActor, recordEvent } from '../../events/index.js';
import {
  claimGatewayEvent,
  type PaymentProviders,
  paymentByReference,
  settleGatewayPayment,
} from '../../payments/index.js';
import type { PricingEnv } from '../../pricing/index.js';
import { orderEventPayload } from '../order-snapshot.mapper.js';
import { orders } from '../orders.schema.js';
import { createOrder } from '../placing/create-order.service.js';
import { recordRefundFromGateway } from '../refunds/gateway-refunds.service.js';
import { recordDispute, recordPaymentFailure } from './disputes.service.js';

/** Stripe acting on the store: its events are the gateway's, not a shopper's or the merchant's. */
const STRIPE_CALLER: Caller = { kind: 'app', apiKeyId: 'stripe-webhook' };
const STRIPE_ACTOR: EventActor = { identityType: 'APP', id: 'stripe' };

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export interface StripeWebhookDeps {
  env: PricingEnv;
  now: Date;
  providers: PaymentProviders;
}

/**
 * Applies one verified Stripe event, once (ADR 035). The event id is claimed in the same transaction as
 * the change, so a replay, a duplicate or a concurrent delivery changes nothing a second time; and every
 * change is conditional on the state it moves from, so an event arriving after the API already did the
 * same (an order already placed, a refund already recorded) or out of order changes nothing either.
 * A failure that a retry may cure (Stripe unreachable) rolls the claim back, so Stripe sends it again.
 */
export async function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  deps: StripeWebhookDeps,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await claimGatewayEvent(tx, {
      provider: 'STRIPE',
      id: event.id,
      type: event.type,
      now: deps.now,
    });
    if (!fresh) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.amount_capturable_updated':
        return intentPaid(tx, event.data.object, event.type === 'payment_intent.succeeded', deps);
      case 'payment_intent.canceled':
        return intentCanceled(tx, event.data.object, deps);
      case 'charge.refunded':
        return chargeRefunded(tx, event.data.object, deps);
      case 'refund.created':
      case 'refund.updated':
        return refunded(tx, event.data.object, deps);
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
        return disputed(tx, event.data.object, event.type, deps);
      case 'payment_intent.payment_failed':
        return paymentFailed(tx, event.data.object, event.id, deps);
      default:
        return 'ignored';
    }
  });
}

/**
 * A payment succeeded (or was authorized). If no order has it yet — the buyer closed the tab after
 * 3-D Secure, or our reply was lost — the order is placed from the checkout now; if our order holds it as
 * authorized and Stripe says it succeeded, it was captured (from Stripe's dashboard).
 */
async function intentPaid(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  captured: boolean,
  deps: StripeWebhookDeps,
): Promise<WebhookOutcome> {
  const known = await paymentByReference(tx, 'STRIPE', intent.id);
  if (known) {
    if (!captured || !(await settleGatewayPayment(tx, known.id, 'AUTHORIZED', 'CAPTURED', deps.now)))
      return 'ignored';
    await setOrderPaymentStatus(tx, known.orderId, 'PAID', deps.now);
    return 'applied';
  }
  const checkoutId = intent.metadata?.checkout_id;
  if (!checkoutId) return 'ignored';
  try {
    // A nested transaction (savepoint): a refusal undoes only the order attempt, the claim stays.
    await createOrder(
      tx,
      { checkoutId, method: { type: 'PAYMENT_INTENT', paymentIntentId: intent.id } },
      { env: deps.env, caller: STRIPE_CALLER, actor: STRIPE_ACTOR, now: deps.now, providers: deps.providers },
    );
    return 'applied';
  } catch (error) {
    // The checkout cannot become an order (the payment was given back by createOrder): nothing to retry.
    if (error instanceof AppError && error.status < 500) return 'ignored';
    throw error;
  }
}

async function intentCanceled(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  deps: StripeWebhookDeps,
): Promise<WebhookOutcome> {
  const known = await paymentByReference(tx, 'STRIPE', intent.id);
  if (!known || !(await settleGatewayPayment(tx, known.id, 'AUTHORIZED', 'VOIDED', deps.now)))
    return 'ignored';
  await setOrderPaymentStatus(tx, known.orderId, 'VOIDED', deps.now);
  return 'applied';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/**
 * A refund, ours or made in Stripe's dashboard: recorded once, matched on its id (gateway-refunds.service).
 * Pending refunds count, as Stripe counts them in the charge's refunded amount; failed ones do not.
 */
async function refunded(tx: Tx, refund: Stripe.Refund, deps: StripeWebhookDeps): Promise<WebhookOutcome> {
  const intentId = idOf(refund.payment_intent);
  if (!intentId || (refund.status !== 'succeeded' && refund.status !== 'pending')) return 'ignored';
  return recordRefundFromGateway(
    tx,
    {
      paymentReference: intentId,
      refundId: refund.id,
      amountMinor: refund.amount,
      ourKey: refund.metadata?.openshelf_key,
    },
    { actor: STRIPE_ACTOR, now: deps.now },
  );
}

/** The charge's refunds, when the event carries them (Stripe's `refunds` list); each recorded once. */
async function chargeRefunded(
  tx: Tx,
  charge: Stripe.Charge,
  deps: StripeWebhookDeps,
): Promise<WebhookOutcome> {
  let outcome: WebhookOutcome = 'ignored';
  for (const refund of charge.refunds?.data ?? []) {
    const intentId = idOf(refund.payment_intent) ?? idOf(charge.payment_intent);
    if ((await refunded(tx, { ...refund, payment_intent: intentId ?? null }, deps)) === 'applied')
      outcome = 'applied';
  }
  return outcome;
}

/** A chargeback: on the order's timeline and its dispute panel (disputes.service). */
function disputed(
  tx: Tx,
  dispute: Stripe.Dispute,
  type: 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed',
  deps: StripeWebhookDeps,
): Promise<WebhookOutcome> | WebhookOutcome {
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return 'ignored';
  return recordDispute(
    tx,
    {
      id: dispute.id,
      paymentReference: intentId,
      amountMinor: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
      stage:
        type === 'charge.dispute.created'
          ? 'created'
          : type === 'charge.dispute.closed'
            ? 'closed'
            : 'updated',
    },
    { actor: STRIPE_ACTOR, now: deps.now },
  );
}

/**
 * A payment that failed. At checkout no order has it yet (the shopper sees the decline and nothing is
 * left behind), so only a payment an order already holds is noted on its timeline; its state is Stripe's
 * to change by the events that follow (succeeded, canceled).
 */
function paymentFailed(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  eventId: string,
  deps: StripeWebhookDeps,
): Promise<WebhookOutcome> {
  return recordPaymentFailure(
    tx,
    {
      paymentReference: intent.id,
      eventId,
      message: intent.last_payment_error?.message ?? 'the card was declined',
    },
    { actor: STRIPE_ACTOR, now: deps.now },
  );
}

async function setOrderPaymentStatus(
  tx: Tx,
  orderId: string,
  paymentStatus: 'PAID' | 'VOIDED',
  now: Date,
): Promise<void> {
  const [saved] = await tx
    .update(orders)
    .set({ paymentStatus, updatedDate: now, ...(paymentStatus === 'PAID' ? { paidDate: now } : {}) })
    .where(eq(orders.id, orderId))
    .returning();
  if (!saved) return;
  await recordEvent(tx, {
    type: 'ecom.order.updated',
    entityType: 'order',
    entityId: orderId,
    payload: orderEventPayload(saved),
    actor: STRIPE_ACTOR,
  });
}
