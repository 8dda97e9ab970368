import type Stripe from 'stripe';
import { AppError, invalidField } from '../../../lib/http/errors.js';

/** What the buyer reads after a decline: Stripe's sentence, then what to do. */
export function declinedError(reason: string, message: string | undefined): AppError {
  const sentence = message?.trim() || 'The card was declined.';
  return new AppError('PAYMENT_DECLINED', 'Payment declined', {
    status: 402,
    description: `${sentence} No order was placed; use another card or payment method.`,
    data: { reason: reason.toUpperCase() },
  });
}

/**
 * Stripe's errors in our one error model (ADR 003): a decline is the buyer's 402; Stripe out of reach is
 * a 503 that says a retry is safe (every call carries an idempotency key, so nothing is charged twice);
 * Stripe failing or refusing our request is a 502 naming what to check. Nothing here is a 500.
 */
export function stripeAppError(error: unknown, field = 'paymentMethod'): unknown {
  if (!isStripeError(error)) return error;
  if (error.type === 'StripeCardError')
    return declinedError(error.decline_code ?? error.code ?? 'card_declined', error.message);
  if (error.type === 'StripeConnectionError' || error.type === 'StripeRateLimitError')
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Stripe could not be reached', {
      status: 503,
      description:
        'The payment service (Stripe) did not answer, so nothing was changed. Try again in a moment — ' +
        'retrying is safe and never charges twice.',
      data: { retryAfterSeconds: 5 },
      cause: error,
    });
  if (error.type === 'StripeAuthenticationError')
    return new AppError('PAYMENT_PROVIDER_ERROR', 'Stripe refused the store’s key', {
      status: 502,
      description:
        'Stripe did not accept STRIPE_SECRET_KEY: the store owner must set a valid secret key (docs/api/payments.md). Nothing was charged.',
      cause: error,
    });
  if (error.type === 'StripeIdempotencyError')
    return new AppError('PAYMENT_IN_PROGRESS', 'This payment is already being processed', {
      status: 409,
      description: 'The same payment is being processed by another request; try again in a moment.',
      cause: error,
    });
  if (error.type === 'StripeInvalidRequestError' && error.code === 'resource_missing')
    return invalidField(field, 'VALIDATION', 'is not a payment method or payment known to Stripe');
  return new AppError('PAYMENT_PROVIDER_ERROR', 'Stripe could not process the payment', {
    status: 502,
    description: `Stripe refused the request, so nothing was changed: ${error.message}`,
    cause: error,
  });
}

/**
 * A failure the `stripe` client raised. Told by its `type`, the error class's name (stripe-node's documented
 * `switch (err.type)`), rather than `instanceof`, so that the client is loaded only by stores that use it.
 */
function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  const type = error instanceof Error ? (error as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/** Runs a Stripe call, turning its failure into our error model. */
export async function stripeCall<T>(call: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeAppError(error, field);
  }
}
