import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../../../lib/http/errors.js';
import { sandboxCardProvider } from './sandbox-card.provider.js';

describe('sandbox card checks', () => {
  it('reports a bad number and a past expiry together, so a form marks both at once', async () => {
    const provider = sandboxCardProvider(() => new Date('2026-03-01T00:00:00Z'));
    const charge = provider.charge({
      amountMinor: 100,
      currency: 'USD',
      orderId: 'order-1',
      checkoutId: 'checkout-1',
      idempotencyKey: 'openshelf:checkout:checkout-1:charge:test',
      delayCapture: false,
      savePaymentMethod: false,
      card: { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2026, cvc: '123' },
    });
    const error = await charge.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).violations.map((v) => [v.field, v.violatedRule])).toEqual([
      ['paymentMethod.card.expYear', 'VALIDATION'],
      ['paymentMethod.card.number', 'FORMAT'],
    ]);
  });
});
