import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import {
  cardProviderOf,
  executePayment,
  giveBackPayment,
  type PaymentProviders,
} from '../../payments/index.js';
import type { CreatedOrder, CreateOrderContext, CreateOrderInput } from './create-order.types.js';
import { type Placement, placeOrder } from './order-placement.service.js';

export type { CreatedOrder, CreateOrderContext, CreateOrderInput } from './create-order.types.js';

/**
 * create-order (ADR 009, ADR 046). Idempotent per checkout, and no gateway is ever called inside an open
 * transaction:
 *   1. a transaction checks the checkout (order-placement.service.ts); with nothing to ask a gateway
 *      (nothing due, OFFLINE) it writes the order then and there; with a card it commits the payment
 *      attempt under a key derived only from what the checkout is;
 *   2. the gateway is asked, with no transaction open (the same key and parameters on every retry);
 *   3. a second transaction checks the checkout again and writes the order with the payment.
 * A refusal in step 3 (stock sold meanwhile, the total changed, a coupon used up) gives the payment back.
 * A failure that a retry may cure (the database or the gateway unreachable, the process killed) leaves
 * the attempt open: the buyer's retry finds the same payment and places the order exactly once, and the
 * reconciliation job does so for buyers who never come back (payment-reconciliation.service.ts).
 */
export async function createOrder(
  db: DbOrTx,
  input: CreateOrderInput,
  ctx: CreateOrderContext,
): Promise<CreatedOrder> {
  let first: Placement;
  try {
    first = await db.transaction((tx) => placeOrder(tx, input, ctx));
  } catch (error) {
    // The buyer's browser paid already (a PaymentIntent) and the checkout cannot be ordered as it is.
    const intentId = input.method?.type === 'PAYMENT_INTENT' ? input.method.paymentIntentId : undefined;
    if (intentId && givesBackIntent(error)) {
      await releaseIntent(ctx.providers, input.checkoutId, intentId);
      throw withPaymentReturned(error);
    }
    throw error;
  }
  if (first.kind !== 'gateway') return settled(first, ctx.providers, input.checkoutId);

  const { prepared, payment } = first;
  const charged = await executePayment(db, prepared, payment, ctx.now);
  if (!charged) throw new Error('a gateway payment was prepared but nothing was charged');
  let placed: Placement;
  try {
    placed = await db.transaction((tx) => placeOrder(tx, input, ctx, { prepared, charged, payment }));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await giveBackPayment(
        db,
        prepared.provider,
        { reference: charged.reference, subject: payment.subject },
        ctx.now,
      );
      throw withPaymentReturned(error);
    }
    throw error;
  }
  return settled(placed, ctx.providers, input.checkoutId);
}

/** The order placed or found; a payment made for the checkout that its order does not hold goes back. */
async function settled(placement: Placement, providers: PaymentProviders, checkoutId: string) {
  if (placement.kind === 'gateway') throw new Error('the order was not placed with its payment');
  if (placement.kind === 'ordered' && placement.stray)
    await releaseIntent(providers, checkoutId, placement.stray).catch(() => {});
  return placement.order;
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
  await cardProviderOf(providers)?.releaseIntent(
    { paymentIntentId, checkoutId },
    { idempotencyKey: `openshelf:intent:${paymentIntentId}:release` },
  );
}
