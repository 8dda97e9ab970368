import type { Static } from 'typebox';
import { invalidField } from '../../lib/http/errors.js';
import type { PaymentMethodIn } from './payments.contract.js';
import type { PaymentMethodInput } from './providers/payment-provider.types.js';

/** A requested payment method in service terms; the field a method type needs is required (400). */
export function paymentMethodIn(method: Static<typeof PaymentMethodIn>): PaymentMethodInput {
  switch (method.type) {
    case 'OFFLINE':
      return { type: 'OFFLINE' };
    case 'SANDBOX_CARD':
      if (!method.card)
        throw invalidField('paymentMethod.card', 'REQUIRED_FIELD', 'is required for SANDBOX_CARD');
      return { type: 'SANDBOX_CARD', card: method.card };
    case 'STRIPE': {
      const { paymentMethodId, paymentIntentId } = method.stripe ?? {};
      if (paymentIntentId && !paymentMethodId) return { type: 'PAYMENT_INTENT', paymentIntentId };
      if (paymentMethodId && !paymentIntentId) return { type: 'GATEWAY_METHOD', token: paymentMethodId };
      throw invalidField(
        'paymentMethod.stripe',
        'REQUIRED_FIELD',
        'needs exactly one of paymentMethodId (pm_…) and paymentIntentId (pi_…)',
      );
    }
    default:
      if (!method.savedPaymentMethodId)
        throw invalidField(
          'paymentMethod.savedPaymentMethodId',
          'REQUIRED_FIELD',
          'is required for SAVED_METHOD',
        );
      return { type: 'SAVED_METHOD', savedPaymentMethodId: method.savedPaymentMethodId };
  }
}
