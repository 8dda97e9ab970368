import { randomBytes } from 'node:crypto';
import type { FormObject } from './form.js';

/**
 * The fake's objects, shaped like Stripe's JSON (only the fields our code and Stripe.js read), and the
 * test cards' behaviours (Stripe's documented test numbers and `pm_card_*` shortcuts).
 */
export const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type Outcome = { kind: 'success' } | { kind: 'decline'; code: string; message: string } | { kind: '3ds' };

interface TestCard {
  brand: string;
  outcome: Outcome;
}

const DECLINED: Outcome = { kind: 'decline', code: 'generic_decline', message: 'Your card was declined.' };
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', outcome: { kind: 'success' } },
  '5555555555554444': { brand: 'mastercard', outcome: { kind: 'success' } },
  '4000000000000002': { brand: 'visa', outcome: DECLINED },
  '4000000000009995': {
    brand: 'visa',
    outcome: { kind: 'decline', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000002500003155': { brand: 'visa', outcome: { kind: '3ds' } },
};

/** Stripe's test payment methods, by the card number each stands for. */
export const TEST_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002500003155',
};

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** Not Stripe's: the number the fake decides outcomes by. */
  number: string;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: boolean;
  payment_intent: string;
  status: 'succeeded';
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  customer: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  setup_future_usage: string | null;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  created: number;
  livemode: false;
  /** Not Stripe's: where 3-D Secure returns to. */
  return_url?: string;
}

export function paymentMethodFor(number: string, expMonth = 12, expYear = 2034): FakePaymentMethod {
  const card = TEST_CARDS[number];
  return {
    id: idOf('pm'),
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: { brand: card?.brand ?? 'visa', last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
    number,
  };
}

export const outcomeOf = (method: FakePaymentMethod): Outcome =>
  TEST_CARDS[method.number]?.outcome ?? { kind: 'success' };

/** The public view of a payment method (without the fake's own `number`). */
export function publicMethod(method: FakePaymentMethod) {
  const { number: _number, ...rest } = method;
  return rest;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'warning_needs_response' | 'needs_response' | 'under_review' | 'won' | 'lost';
  created: number;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  metadata: Record<string, string>;
}

/** What the fake holds, shared by its parts (charges, refunds, disputes, the HTTP server). */
export interface FakeStore {
  intents: Map<string, FakeIntent>;
  methods: Map<string, FakePaymentMethod>;
  charges: Map<string, FakeCharge>;
  customers: Map<string, FakeCustomer>;
  refunds: Map<string, FakeRefund>;
  disputes: Map<string, FakeDispute>;
  /** Records a Stripe event and, when set to, sends it to the webhook (webhooks.ts). */
  emit(type: string, object: unknown): void;
  /** The fake's own address, once it listens. */
  base(): string;
}

export type Reply = { status: number; body: unknown };
export type Auth = { secret: boolean; key: string };
export type Handler = (form: FormObject, auth: Auth, query: URLSearchParams) => Reply;
export type Route = [method: string, path: RegExp, handler: (match: RegExpMatchArray) => Handler];

export const missing = (id: string, param = 'id'): Reply => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such object: '${id}'`,
    },
  },
});
export const invalid = (message: string, code = 'parameter_invalid'): Reply => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});
