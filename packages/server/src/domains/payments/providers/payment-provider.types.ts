import type { PaymentProviderName } from '../payments.schema.js';

/*
 * The payment provider interface (ADR 011, ADR 035, docs/api/payments.md): what create-order and the
 * merchant's capture/void/refund need from a gateway. Built in: OFFLINE (nothing is charged; the merchant
 * marks the order paid), SANDBOX_CARD (test card numbers, no network, the zero-configuration default) and
 * STRIPE (PaymentIntents, on when STRIPE_SECRET_KEY is set). Every call that moves money carries an
 * idempotency key derived from our ids, so a retry after a lost reply never moves it twice.
 */

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What may be shown of a card: never its number. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type PaymentMethodInput =
  | { type: 'OFFLINE' }
  | { type: 'SANDBOX_CARD'; card: CardInput }
  | { type: 'SAVED_METHOD'; savedPaymentMethodId: string }
  /** A card the gateway tokenized when the buyer chose it on the checkout (select-payment-method). */
  | { type: 'CARD_TOKEN'; token: string; card: CardSummary }
  /** A gateway payment method sent as is (Stripe `pm_…`): described by the gateway before it is kept. */
  | { type: 'GATEWAY_METHOD'; token: string }
  /** A payment the buyer already confirmed with the gateway (Stripe's Payment Element: `pi_…`). */
  | { type: 'PAYMENT_INTENT'; paymentIntentId: string }
  /**
   * A payment the store's own gateway made for this checkout and no order holds (the reconciliation job
   * places it): never from the wire.
   */
  | { type: 'GATEWAY_PAYMENT'; reference: string };

/**
 * How the buyer chose to pay, set before create-order (docs/api/cart-checkout-orders.md "Payments"): lets protocol clients, whose
 * create-order cannot carry our `paymentMethod`, still pay by card. A new card is kept only as the
 * gateway's token.
 */
export interface PaymentSelection {
  method: Exclude<PaymentMethodInput, { type: 'SANDBOX_CARD' | 'GATEWAY_METHOD' | 'GATEWAY_PAYMENT' }>;
  savePaymentMethod: boolean;
  delayCapture: boolean;
}

export interface ChargeRequest {
  amountMinor: number;
  currency: string;
  /**
   * What is paid for (`checkout:`-less checkout id, or `subscription:<id>:<cycle>`, `plan:<key>`): the
   * gateway's payment carries it, so a webhook or the reconciliation job can find its order.
   */
  checkoutId: string;
  /**
   * The attempt's key (payment-attempts.service.ts): derived from what is paid for, the method and the
   * amount only, so a retried create-order (after a lost reply, a timeout, a 503, a crash) sends the same
   * key with the same parameters and the gateway answers with the first payment instead of a second.
   */
  idempotencyKey: string;
  /** The gateway's customer the saved method belongs to (or is saved to). */
  customer?: string;
  /** Authorize now, capture later (the merchant captures). */
  delayCapture: boolean;
  /** Keep a reusable token of the card (never the card itself). */
  savePaymentMethod: boolean;
  /** Charging a saved method without the buyer present (renewals, a member's saved card). */
  reusing?: boolean;
  /** A token the gateway issued (tokenized at selection, saved earlier, or a Stripe payment method). */
  token: string;
  /** What may be shown of the card, when known (the gateway's records). */
  card?: CardSummary;
}

export interface ChargeResult {
  status: 'AUTHORIZED' | 'CAPTURED';
  /** The gateway's id of this charge (returned as paymentGatewayOrderId). */
  reference: string;
  card?: CardSummary;
  /** Set when savePaymentMethod was asked and the gateway issued a reusable token. */
  token?: string;
}

/** The gateway's own payment the buyer confirmed in the browser, and what it must match. */
export interface ConfirmedIntentRequest {
  paymentIntentId: string;
  checkoutId: string;
  amountMinor: number;
  currency: string;
}

/** A payment the browser confirms with the gateway (Stripe's Payment Element) before the order exists. */
export interface IntentRequest {
  checkoutId: string;
  amountMinor: number;
  currency: string;
  delayCapture: boolean;
  /** Set for a member who asked to save the card: the gateway keeps it for this customer. */
  customer?: string;
  idempotencyKey: string;
}

export interface PreparedIntent {
  id: string;
  /** Handed to the browser only: it lets Stripe.js confirm this one payment. */
  clientSecret: string;
}

/** What a gateway says of a refund it made. */
export interface RefundOutcome {
  reference?: string;
}

/** A payment the gateway made, as it stands now (the reconciliation job asks). */
export type GatewayPaymentState =
  /** The money is taken or held. */
  | { kind: 'paid'; result: ChargeResult }
  /** Made but never confirmed: no money moved (for a browser payment: the buyer has not paid yet). */
  | { kind: 'unconfirmed' }
  /** Waiting on the buyer (3-D Secure) or on the gateway (processing). */
  | { kind: 'waiting' }
  | { kind: 'failed' }
  | { kind: 'canceled' }
  /** The gateway cannot tell (a sandbox without its ledger). */
  | { kind: 'unknown' };

/** Options every money-moving call takes. */
export interface MoneyCallOptions {
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Exchanges card data for a token the gateway charges later (the card never reaches our database);
   * throws 400 naming the field for a malformed or expired card. Declines surface at charge time.
   */
  tokenize(card: CardInput): Promise<{ token: string; card: CardSummary }>;
  /**
   * Makes the payment at the gateway without taking money yet (Stripe: a PaymentIntent, unconfirmed), so
   * its reference can be recorded before the money moves. The same key answers the same payment.
   */
  startCharge(request: ChargeRequest): Promise<{ reference: string }>;
  /**
   * Takes the money (or holds it with delayCapture): answers the charge, or throws an AppError (402
   * PAYMENT_DECLINED, 402 PAYMENT_AUTHENTICATION_REQUIRED, 400 for bad card data). Asked again for the
   * same payment (a retry), it answers what the first confirmation did.
   */
  confirmCharge(reference: string, request: ChargeRequest): Promise<ChargeResult>;
  /** The payment as the gateway has it now. */
  lookupCharge(reference: string): Promise<GatewayPaymentState>;
  /** Cancels a payment that was made but never confirmed (no money moved), once. */
  cancelUnconfirmed(reference: string, options: MoneyCallOptions): Promise<void>;
  capture(reference: string, amountMinor: number, options: MoneyCallOptions): Promise<void>;
  /** Releases an authorization that will not be captured. */
  void(reference: string, options: MoneyCallOptions): Promise<void>;
  /**
   * Gives money back; answers the gateway's id of the refund when it has one, so the refund's own
   * webhook (which Stripe also sends for refunds made in its dashboard) is known as ours.
   */
  refund(reference: string, amountMinor: number, options: MoneyCallOptions): Promise<RefundOutcome>;
  /** What may be shown of a gateway payment method sent as is (a 400 naming the field if unknown). */
  describeMethod?(token: string): Promise<CardSummary>;
  /** The gateway's customer for one of our buyers (`member:<id>`), created once. */
  createCustomer?(ownerKey: string, options: MoneyCallOptions): Promise<string>;
  /** A payment for the browser to confirm (hosted checkout); the same request returns the same one. */
  prepareIntent?(request: IntentRequest): Promise<PreparedIntent>;
  /**
   * Reads a payment the buyer confirmed in the browser: AUTHORIZED or CAPTURED when it is, matching the
   * checkout and amount; a 402 when it failed, a 409 when it is for another checkout or amount.
   */
  confirmedIntent?(request: ConfirmedIntentRequest): Promise<ChargeResult>;
  /**
   * Gives back a payment made for this checkout (by the buyer's browser or by the server) that can not
   * become its order (the checkout could not be ordered, or was ordered another way): cancels or
   * refunds it, once.
   */
  releaseIntent(
    request: { paymentIntentId: string; checkoutId: string },
    options: MoneyCallOptions,
  ): Promise<void>;
}
