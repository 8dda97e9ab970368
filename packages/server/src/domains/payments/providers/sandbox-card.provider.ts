import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { randomToken } from '../../../lib/ids.js';
import { sandboxCharges } from '../payments.schema.js';
import type {
  CardInput,
  CardSummary,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
} from './payment-provider.types.js';

/**
 * A card gateway for development and tests: no network, deterministic outcomes by card number
 * (docs/api/cart-checkout-orders.md "Payments" lists them). Tokens it issues (savePaymentMethod) always charge successfully.
 */
export const SANDBOX_CARDS = {
  success: ['4242424242424242', '5555555555554444'],
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
} as const;

const DECLINES: Record<string, { code: string; reason: string }> = {
  [SANDBOX_CARDS.declined]: { code: 'CARD_DECLINED', reason: 'The card was declined.' },
  [SANDBOX_CARDS.insufficientFunds]: {
    code: 'INSUFFICIENT_FUNDS',
    reason: 'The card has insufficient funds.',
  },
  [SANDBOX_CARDS.expired]: { code: 'EXPIRED_CARD', reason: 'The card has expired.' },
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^5[1-5]/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  return 'CARD';
}

function declined(decline: { code: string; reason: string }): AppError {
  return new AppError('PAYMENT_DECLINED', 'Payment declined', {
    status: 402,
    description: `${decline.reason} No order was placed; use another card or payment method.`,
    data: { reason: decline.code },
  });
}

/** A well-formed, unexpired card's number (digits only) and what may be shown of it; else a 400. */
function checkedCard(card: CardInput, now: Date): { number: string; summary: CardSummary } {
  const number = card.number.replace(/[\s-]/g, '');
  // Both problems in one reply: a form then marks the number and the expiry together.
  const violations = new Violations();
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    violations.push({
      field: 'paymentMethod.card.number',
      violatedRule: 'FORMAT',
      description: 'is not a valid card number',
    });
  const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (expiry <= now)
    violations.push({
      field: 'paymentMethod.card.expYear',
      violatedRule: 'VALIDATION',
      description: 'the card has expired',
    });
  violations.throwIfAny();
  return {
    number,
    summary: {
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    },
  };
}

const TOKEN_PREFIX = 'tok_sandbox_';
// A declining test card keeps declining once tokenized: its token carries the decline code.
const decliningPrefix = (code: string) => `${TOKEN_PREFIX}decline_${code}_`;

/** The sandbox's reference for a payment: the same for the same key, as a gateway's idempotency gives. */
const referenceFor = (idempotencyKey: string) =>
  `sbx_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}`;

/** The decline a sandbox token carries, if it declines. */
const declineOf = (token: string) =>
  Object.values(DECLINES).find((entry) => token.startsWith(decliningPrefix(entry.code)));

/**
 * The sandbox card gateway. With `ledger` (the store's database; the app passes it) it keeps the payments
 * it made in `sandbox_charges`, as a real gateway does, so a sandbox payment left without an order is
 * found by the reconciliation job; without it (unit tests) it cannot say what it made.
 */
export function sandboxCardProvider(clock: () => Date = () => new Date(), ledger?: Db): PaymentProvider {
  const row = async (reference: string) =>
    ledger
      ? (await ledger.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)))[0]
      : undefined;
  const resultOf = (charge: typeof sandboxCharges.$inferSelect): ChargeResult => ({
    status: charge.status === 'requires_capture' ? 'AUTHORIZED' : 'CAPTURED',
    reference: charge.reference,
    ...(charge.card ? { card: charge.card } : {}),
  });
  const setStatus = async (reference: string, status: string, from: string[]) => {
    if (!ledger) return;
    await ledger
      .update(sandboxCharges)
      .set({ status })
      .where(and(eq(sandboxCharges.reference, reference), inArray(sandboxCharges.status, from)));
  };
  return {
    name: 'SANDBOX_CARD',
    async tokenize(card: CardInput) {
      const { number, summary } = checkedCard(card, clock());
      const decline = DECLINES[number];
      const token = `${decline ? decliningPrefix(decline.code) : TOKEN_PREFIX}${randomToken(24)}`;
      return { token, card: summary };
    },
    async startCharge(request: ChargeRequest) {
      if (!request.token.startsWith(TOKEN_PREFIX))
        throw invalidField('paymentMethod.savedPaymentMethodId', 'VALIDATION', 'is not a sandbox card token');
      const reference = referenceFor(request.idempotencyKey);
      if (ledger)
        await ledger
          .insert(sandboxCharges)
          .values({
            reference,
            checkoutId: request.checkoutId,
            amountMinor: request.amountMinor,
            currency: request.currency,
            status: 'requires_confirmation',
            delayCapture: request.delayCapture,
            card: request.card ?? null,
          })
          .onConflictDoNothing();
      return { reference };
    },
    async confirmCharge(reference, request) {
      const known = await row(reference);
      if (known && (known.status === 'succeeded' || known.status === 'requires_capture'))
        return resultOf(known);
      if (known && known.status !== 'requires_confirmation')
        throw declined({
          code: 'CARD_DECLINED',
          reason: `This payment was ${known.status.replace('_', ' ')}.`,
        });
      const decline = declineOf(request.token);
      if (decline) {
        await setStatus(reference, 'failed', ['requires_confirmation']);
        throw declined(decline);
      }
      const status = request.delayCapture ? 'AUTHORIZED' : 'CAPTURED';
      await setStatus(reference, status === 'AUTHORIZED' ? 'requires_capture' : 'succeeded', [
        'requires_confirmation',
      ]);
      return {
        status,
        reference,
        ...(request.card ? { card: request.card } : {}),
        // A saved card is charged again with its token; a new one may be kept (savePaymentMethod).
        ...(request.savePaymentMethod ? { token: `${TOKEN_PREFIX}${randomToken(24)}` } : {}),
      };
    },
    async lookupCharge(reference) {
      const known = await row(reference);
      if (!known) return { kind: 'unknown' };
      switch (known.status) {
        case 'succeeded':
        case 'requires_capture':
          return { kind: 'paid', result: resultOf(known) };
        case 'requires_confirmation':
          return { kind: 'unconfirmed' };
        case 'failed':
          return { kind: 'failed' };
        default:
          return { kind: 'canceled' };
      }
    },
    async cancelUnconfirmed(reference) {
      await setStatus(reference, 'canceled', ['requires_confirmation']);
    },
    async confirmedIntent(request) {
      const known = await row(request.paymentIntentId);
      if (!known)
        throw invalidField('paymentMethod.paymentIntentId', 'VALIDATION', 'is not a payment this store made');
      if (known.checkoutId !== request.checkoutId)
        throw new AppError('PAYMENT_MISMATCH', 'This payment is for another checkout', {
          status: 409,
          description: `Payment ${known.reference} was not made for checkout ${request.checkoutId}.`,
        });
      if (known.status !== 'succeeded' && known.status !== 'requires_capture')
        throw declined({
          code: 'CARD_DECLINED',
          reason: `This payment is ${known.status.replace('_', ' ')}.`,
        });
      if (known.amountMinor !== request.amountMinor || known.currency !== request.currency) {
        await setStatus(known.reference, 'returned', ['succeeded', 'requires_capture']);
        throw new AppError('PAYMENT_AMOUNT_CHANGED', 'The order total changed while paying', {
          status: 409,
          description:
            'The total changed while you paid, so that payment was returned to you. Check the order and pay again.',
        });
      }
      return resultOf(known);
    },
    async releaseIntent({ paymentIntentId, checkoutId }) {
      const known = await row(paymentIntentId);
      if (!known || known.checkoutId !== checkoutId) return;
      await setStatus(paymentIntentId, 'returned', ['succeeded', 'requires_capture']);
      await setStatus(paymentIntentId, 'canceled', ['requires_confirmation']);
    },
    // No money moves in the sandbox: capture, void and refund (made inside the store's transactions)
    // have nothing to do at the gateway.
    async capture() {},
    async void() {},
    async refund() {
      return {};
    },
  };
}
