import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../../../lib/http/errors.js';
import { sandboxCardProvider } from './sandbox-card.provider.js';

describe('sandbox card checks', () => {
  it('reports a bad number and a past expiry together, so a form marks both at once', async () => {
    const provider = sandboxCardProvider(() => new Date('2026-03-01T00:00:00Z'));
    const error = await provider
      .tokenize({ number: '4242 4242 4242 4241', expMonth: 1, expYear: 2026, cvc: '123' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).violations.map((v) => [v.field, v.violatedRule])).toEqual([
      ['paymentMethod.card.expYear', 'VALIDATION'],
      ['paymentMethod.card.number', 'FORMAT'],
    ]);
  });

  it('answers the same payment for the same key, and a declining card declines at confirmation', async () => {
    const provider = sandboxCardProvider(() => new Date('2026-03-01T00:00:00Z'));
    const request = {
      amountMinor: 100,
      currency: 'USD',
      checkoutId: 'checkout-1',
      idempotencyKey: 'openshelf:checkout:checkout-1:charge:test',
      delayCapture: false,
      savePaymentMethod: false,
    };
    const good = await provider.tokenize({
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2030,
      cvc: '1',
    });
    const first = await provider.startCharge({ ...request, token: good.token });
    expect(await provider.startCharge({ ...request, token: good.token })).toEqual(first);
    await expect(
      provider.confirmCharge(first.reference, { ...request, token: good.token }),
    ).resolves.toMatchObject({
      status: 'CAPTURED',
      reference: first.reference,
    });
    const bad = await provider.tokenize({ number: '4000000000000002', expMonth: 1, expYear: 2030, cvc: '1' });
    const declining = { ...request, idempotencyKey: `${request.idempotencyKey}:2`, token: bad.token };
    const started = await provider.startCharge(declining);
    await expect(provider.confirmCharge(started.reference, declining)).rejects.toMatchObject({
      code: 'PAYMENT_DECLINED',
      status: 402,
    });
  });
});
