import { AppError, invalidField } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { randomToken } from '../../../lib/ids.js';
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

export function sandboxCardProvider(clock: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'SANDBOX_CARD',
    async tokenize(card: CardInput) {
      const { number, summary } = checkedCard(card, clock());
      const decline = DECLINES[number];
      const token = `${decline ? decliningPrefix(decline.code) : TOKEN_PREFIX}${randomToken(24)}`;
      return { token, card: summary };
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const status = request.delayCapture ? 'AUTHORIZED' : 'CAPTURED';
      const reference = `sbx_${randomToken(20)}`;
      if (request.token) {
        if (!request.token.startsWith(TOKEN_PREFIX))
          throw invalidField(
            'paymentMethod.savedPaymentMethodId',
            'VALIDATION',
            'is not a sandbox card token',
          );
        const token = request.token;
        const decline = Object.values(DECLINES).find((entry) =>
          token.startsWith(decliningPrefix(entry.code)),
        );
        if (decline) throw declined(decline);
        return { status, reference };
      }
      const card = request.card;
      if (!card) throw invalidField('paymentMethod.card', 'REQUIRED_FIELD', 'is required for a card payment');
      const { number, summary } = checkedCard(card, clock());
      const decline = DECLINES[number];
      if (decline) throw declined(decline);
      return {
        status,
        reference,
        card: summary,
        ...(request.savePaymentMethod ? { token: `${TOKEN_PREFIX}${randomToken(24)}` } : {}),
      };
    },
    async capture() {},
    async void() {},
    async refund() {
      return {};
    },
  };
}
