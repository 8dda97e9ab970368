import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import {
  gatewayCustomerFor,
  type PaymentProviders,
  recordBrowserPayment,
  requireCardProvider,
} from '../../payments/index.js';
import type { PricingEnv } from '../../pricing/index.js';
import { getCheckout } from '../checkout.service.js';
import { assertOpen } from '../checkout-rows.service.js';

export interface PreparedPayment {
  paymentIntentId: string;
  clientSecret: string;
  amountMinor: number;
  currency: string;
}

/**
 * A Stripe PaymentIntent for the checkout's pay-now total, for the browser's Payment Element to confirm
 * (ADR 035). Asking again for the same total and options returns the same PaymentIntent (its idempotency
 * key is the checkout, the amount and the options), so reloading the page never makes a second payment.
 * Saving the card is offered to members only: the PaymentIntent is then made for their Stripe Customer.
 */
export async function prepareCheckoutPayment(
  db: DbOrTx,
  input: { checkoutId: string; savePaymentMethod: boolean; delayCapture: boolean },
  ctx: { caller: Caller; env: PricingEnv; now: Date; providers: PaymentProviders },
): Promise<PreparedPayment> {
  const provider = requireCardProvider(ctx.providers);
  if (!provider.prepareIntent)
    throw new AppError('PAYMENT_INTENTS_UNAVAILABLE', 'This store does not take payments through Stripe', {
      status: 409,
      description: 'No Stripe account is set up: pay with a card number (SANDBOX_CARD) or OFFLINE.',
    });
  const { row, totals, setup } = await getCheckout(db, ctx.env, input.checkoutId, ctx.caller, ctx.now);
  // Stripe fixes capture_method when the PaymentIntent is made: the store's setting is applied here.
  const delayCapture = input.delayCapture || setup.settings.cardCapture === 'MANUAL';
  assertOpen(row);
  const amountMinor = totals.payNow;
  if (amountMinor <= 0)
    throw new AppError('NOTHING_TO_PAY', 'Nothing is due now', {
      status: 409,
      description: 'This checkout has nothing to pay now: place the order without a card.',
    });
  const customer =
    input.savePaymentMethod && row.memberId
      ? await gatewayCustomerFor(db, provider, `member:${row.memberId}`)
      : undefined;
  const options = [amountMinor, ctx.env.currency, delayCapture, customer ?? ''].join('|');
  const digest = createHash('sha256').update(options).digest('base64url').slice(0, 32);
  const intent = await provider.prepareIntent({
    checkoutId: row.id,
    amountMinor,
    currency: ctx.env.currency,
    delayCapture,
    ...(customer ? { customer } : {}),
    idempotencyKey: `openshelf:checkout:${row.id}:intent:${digest}`,
  });
  // Paid in the browser, ordered when the browser comes back or Stripe's webhook says so; should both
  // fail, the reconciliation job finds it (ADR 046).
  await recordBrowserPayment(db, {
    key: `openshelf:checkout:${row.id}:intent:${digest}`,
    subject: `checkout:${row.id}`,
    provider: provider.name,
    reference: intent.id,
    amountMinor,
    currency: ctx.env.currency,
    delayCapture,
    now: ctx.now,
  });
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountMinor,
    currency: ctx.env.currency,
  };
}
