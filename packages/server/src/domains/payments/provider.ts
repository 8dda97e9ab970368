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

export type PaymentMethodInput =
  | { type: 'OFFLINE' }
  | { type: 'SANDBOX_CARD'; card: CardInput }
  | { type: 'SAVED_METHOD'; savedPaymentMethodId: string };

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
  card?: { brand: string; last4: string; expMonth: number; expYear: number };
  /** Set when savePaymentMethod was asked and the gateway issued a reusable token. */
  token?: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Charges or authorizes; throws an AppError (402 PAYMENT_DECLINED, 400 for bad card data) otherwise. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  capture(reference: string, amountMinor: number): Promise<void>;
  /** Releases an authorization that will not be captured. */
  void(reference: string): Promise<void>;
  refund(reference: string, amountMinor: number): Promise<void>;
}
