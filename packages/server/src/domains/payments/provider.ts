import type { PaymentProviderName } from './payments.schema.js';

/*
 * The payment provider interface (ADR 011): what create-order and the merchant's capture/cancel need
 * from a gateway. Built in: OFFLINE (nothing is charged; the merchant marks the order paid) and
 * SANDBOX_CARD (test card numbers, no network). A real gateway implements the same four calls.
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
  | { type: 'CARD_TOKEN'; token: string; card: CardSummary };

/**
 * How the buyer chose to pay, set before create-order (docs/api/cart-checkout-orders.md "Payments"): lets protocol clients, whose
 * create-order cannot carry our `paymentMethod`, still pay by card. A new card is kept only as the
 * gateway's token.
 */
export interface PaymentSelection {
  method: Exclude<PaymentMethodInput, { type: 'SANDBOX_CARD' }>;
  savePaymentMethod: boolean;
  delayCapture: boolean;
}

export interface ChargeRequest {
  amountMinor: number;
  currency: string;
  /** Our order id: the idempotency key a real gateway would get. */
  orderId: string;
  /** Authorize now, capture later (the merchant captures). */
  delayCapture: boolean;
  /** Keep a reusable token of the card (never the card itself). */
  savePaymentMethod: boolean;
  card?: CardInput;
  /** A token saved earlier with savePaymentMethod. */
  token?: string;
}

export interface ChargeResult {
  status: 'AUTHORIZED' | 'CAPTURED';
  /** The gateway's id of this charge (returned as paymentGatewayOrderId). */
  reference: string;
  card?: CardSummary;
  /** Set when savePaymentMethod was asked and the gateway issued a reusable token. */
  token?: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Exchanges card data for a token the gateway charges later (the card never reaches our database);
   * throws 400 naming the field for a malformed or expired card. Declines surface at charge time.
   */
  tokenize(card: CardInput): Promise<{ token: string; card: CardSummary }>;
  /** Charges or authorizes; throws an AppError (402 PAYMENT_DECLINED, 400 for bad card data) otherwise. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  capture(reference: string, amountMinor: number, options: { idempotencyKey: string }): Promise<void>;
  /** Releases an authorization that will not be captured. */
  void(reference: string, options: { idempotencyKey: string }): Promise<void>;
  refund(reference: string, amountMinor: number, options: { idempotencyKey: string }): Promise<void>;
}
