import type Stripe from 'stripe';
import { AppError } from '../../../lib/http/errors.js';
import type {
  CardSummary,
  ChargeRequest,
  ChargeResult,
  ConfirmedIntentRequest,
  IntentRequest,
  PaymentProvider,
} from './payment-provider.types.js';
import { declinedError, stripeAppError, stripeCall } from './stripe-errors.mapper.js';

/** How to reach Stripe: the real API by default; `api` points the client elsewhere (tests: the local fake). */
export interface StripeProviderOptions {
  secretKey: string;
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Per-request timeout; the client retries twice (same idempotency key) before giving up. */
  timeoutMs?: number;
}

/**
 * The `stripe` client as configured for this store (webhook verification uses it too). Loaded here, by
 * stores that configure Stripe: the package is ~130 ms of every start otherwise.
 */
export async function stripeClient(options: StripeProviderOptions): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'Openshelf' },
    ...(options.api
      ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol }
      : {}),
  });
}

const cardOf = (method: Stripe.PaymentMethod | string | null | undefined): CardSummary | undefined => {
  if (!method || typeof method === 'string' || !method.card) return undefined;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand: brand.toUpperCase(), last4, expMonth: exp_month, expYear: exp_year };
};

const idOf = (value: { id: string } | string | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/**
 * A PaymentIntent's state as a charge: authorized (manual capture) or captured; a failed one is the
 * buyer's 402; one waiting for 3-D Secure is a 402 that hands back what Stripe.js needs to finish it.
 */
function chargeOf(intent: Stripe.PaymentIntent, saved: boolean): ChargeResult {
  const card = cardOf(intent.payment_method as Stripe.PaymentMethod | string | null);
  const token = saved && intent.setup_future_usage ? idOf(intent.payment_method) : undefined;
  const base = { reference: intent.id, ...(card ? { card } : {}), ...(token ? { token } : {}) };
  switch (intent.status) {
    case 'succeeded':
      return { status: 'CAPTURED', ...base };
    case 'requires_capture':
      return { status: 'AUTHORIZED', ...base };
    case 'requires_action':
      throw new AppError('PAYMENT_AUTHENTICATION_REQUIRED', 'The card needs the buyer’s confirmation', {
        status: 402,
        description:
          'The bank asks the buyer to confirm this payment (3-D Secure). Finish it in the browser with ' +
          'Stripe.js (`handleNextAction` with the client secret), then create the order with ' +
          'paymentMethod {type: "STRIPE", stripe: {paymentIntentId}}. No order was placed yet.',
        data: { paymentIntentId: intent.id, clientSecret: intent.client_secret },
      });
    case 'processing':
      throw new AppError('PAYMENT_PROCESSING', 'The payment is still being processed', {
        status: 409,
        description:
          'Stripe is still processing this payment. Place the order again in a moment; if it succeeds ' +
          'meanwhile, the order is created from Stripe’s notification.',
      });
    case 'canceled':
      throw declinedError('canceled', 'This payment was cancelled.');
    default: {
      const failure = intent.last_payment_error;
      throw declinedError(failure?.decline_code ?? failure?.code ?? 'card_declined', failure?.message);
    }
  }
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  /** Gives back money taken for a payment that cannot become this order (idempotent). */
  const giveBack = async (intent: Stripe.PaymentIntent, key = `openshelf:intent:${intent.id}:return`) => {
    if (intent.status === 'requires_capture')
      await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: key });
    else if (intent.status === 'succeeded')
      await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: key });
  };

  return {
    name: 'STRIPE',
    async tokenize() {
      throw new AppError('CARD_DATA_NOT_ACCEPTED', 'Card numbers are not accepted by this store', {
        status: 400,
        description:
          'This store takes cards through Stripe: collect the card with Stripe.js and send ' +
          'paymentMethod {type: "STRIPE", stripe: {paymentMethodId | paymentIntentId}}.',
      });
    },
    async describeMethod(token) {
      const method = await stripeCall(
        () => stripe.paymentMethods.retrieve(token),
        'paymentMethod.stripe.paymentMethodId',
      );
      const card = cardOf(method);
      if (!card)
        throw new AppError('UNSUPPORTED_PAYMENT_METHOD', 'Only cards are accepted this way', {
          status: 400,
          description: `Payment method ${token} is not a card; pay on the hosted checkout instead.`,
        });
      return card;
    },
    async createCustomer(ownerKey, { idempotencyKey }) {
      const customer = await stripeCall(() =>
        stripe.customers.create({ metadata: { openshelf_owner: ownerKey } }, { idempotencyKey }),
      );
      return customer.id;
    },
    async startCharge(request: ChargeRequest) {
      // Made unconfirmed: its id is recorded before any money moves (payment-attempts.service.ts). The
      // parameters come from the attempt only, so a retry under the same key is the same request.
      const intent = await stripeCall(
        () =>
          stripe.paymentIntents.create(
            {
              amount: request.amountMinor,
              currency: request.currency.toLowerCase(),
              payment_method: request.token,
              allowed_payment_method_types: ['card'],
              capture_method: request.delayCapture ? 'manual' : 'automatic',
              ...(request.customer ? { customer: request.customer } : {}),
              ...(request.savePaymentMethod && request.customer ? { setup_future_usage: 'off_session' } : {}),
              metadata: { checkout_id: request.checkoutId },
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        'paymentMethod.stripe.paymentMethodId',
      );
      return { reference: intent.id };
    },
    async confirmCharge(reference, request) {
      try {
        const intent = await stripe.paymentIntents.confirm(
          reference,
          { ...(request.reusing ? { off_session: true } : {}), expand: ['payment_method'] },
          { idempotencyKey: `${request.idempotencyKey}:confirm` },
        );
        return chargeOf(intent, request.savePaymentMethod);
      } catch (error) {
        // Confirmed already (a retry after Stripe forgot the key, a day on): what it is now is the answer.
        if ((error as { code?: unknown }).code === 'payment_intent_unexpected_state') {
          const intent = await stripeCall(() =>
            stripe.paymentIntents.retrieve(reference, { expand: ['payment_method'] }),
          );
          return chargeOf(intent, request.savePaymentMethod);
        }
        throw stripeAppError(error, 'paymentMethod.stripe.paymentMethodId');
      }
    },
    async lookupCharge(reference) {
      const intent = await stripeCall(() =>
        stripe.paymentIntents.retrieve(reference, { expand: ['payment_method', 'latest_charge'] }),
      );
      const charge = intent.latest_charge;
      if (charge && typeof charge !== 'string' && charge.amount_refunded > 0) return { kind: 'canceled' };
      switch (intent.status) {
        case 'succeeded':
        case 'requires_capture':
          return { kind: 'paid', result: chargeOf(intent, Boolean(intent.setup_future_usage)) };
        case 'requires_confirmation':
          return { kind: 'unconfirmed' };
        case 'requires_payment_method':
          return intent.last_payment_error ? { kind: 'failed' } : { kind: 'unconfirmed' };
        case 'canceled':
          return { kind: 'canceled' };
        default:
          return { kind: 'waiting' };
      }
    },
    async cancelUnconfirmed(reference, { idempotencyKey }) {
      await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey }).catch((error: unknown) => {
        // Cancelled already, or confirmed meanwhile (then it is not ours to cancel here).
        if ((error as { code?: unknown }).code === 'payment_intent_unexpected_state') return;
        throw stripeAppError(error);
      });
    },
    async prepareIntent(request: IntentRequest) {
      const intent = await stripeCall(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            capture_method: request.delayCapture ? 'manual' : 'automatic',
            ...(request.customer ? { customer: request.customer, setup_future_usage: 'off_session' } : {}),
            metadata: { checkout_id: request.checkoutId },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async confirmedIntent(request: ConfirmedIntentRequest) {
      const intent = await stripeCall(
        () =>
          stripe.paymentIntents.retrieve(request.paymentIntentId, {
            expand: ['payment_method', 'latest_charge'],
          }),
        'paymentMethod.stripe.paymentIntentId',
      );
      if (intent.metadata?.checkout_id !== request.checkoutId)
        throw new AppError('PAYMENT_MISMATCH', 'This payment is for another checkout', {
          status: 409,
          description: `PaymentIntent ${intent.id} was not made for checkout ${request.checkoutId}.`,
        });
      const charge = intent.latest_charge;
      if (charge && typeof charge !== 'string' && charge.amount_refunded > 0)
        throw new AppError('PAYMENT_REFUNDED', 'This payment was returned', {
          status: 409,
          description: 'This payment has been refunded and cannot pay for an order; pay again.',
        });
      const paid = intent.status === 'succeeded' || intent.status === 'requires_capture';
      if (
        paid &&
        (intent.amount !== request.amountMinor || intent.currency !== request.currency.toLowerCase())
      ) {
        // The checkout changed while the buyer paid: the money must not stay without an order.
        await giveBack(intent).catch((error) => {
          throw stripeAppError(error);
        });
        throw new AppError('PAYMENT_AMOUNT_CHANGED', 'The order total changed while paying', {
          status: 409,
          description:
            'The total changed while you paid, so that payment was returned to you. Check the order and pay again.',
        });
      }
      return chargeOf(intent, Boolean(intent.setup_future_usage));
    },
    async releaseIntent({ paymentIntentId, checkoutId }, { idempotencyKey }) {
      const intent = await stripeCall(() =>
        stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
      );
      const charge = intent.latest_charge;
      const refunded = charge && typeof charge !== 'string' && charge.amount_refunded > 0;
      // Only this checkout's own payment, and only once.
      if (intent.metadata?.checkout_id !== checkoutId || refunded) return;
      await stripeCall(() => giveBack(intent, idempotencyKey));
    },
    async capture(reference, amountMinor, { idempotencyKey }) {
      await stripeCall(() =>
        stripe.paymentIntents.capture(reference, { amount_to_capture: amountMinor }, { idempotencyKey }),
      );
    },
    async void(reference, { idempotencyKey }) {
      await stripeCall(() => stripe.paymentIntents.cancel(reference, {}, { idempotencyKey }));
    },
    async refund(reference, amountMinor, { idempotencyKey }) {
      const refund = await stripeCall(() =>
        stripe.refunds.create(
          // The key in metadata too: the refund's webhook names which of our refunds it was.
          { payment_intent: reference, amount: amountMinor, metadata: { openshelf_key: idempotencyKey } },
          { idempotencyKey },
        ),
      );
      return { reference: refund.id };
    },
  };
}
