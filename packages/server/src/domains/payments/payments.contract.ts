import Type from 'typebox';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';

/**
 * Our `paymentMethod` in create-order's and select-payment-method's bodies (docs/api/payments.md): OFFLINE
 * (the default), SANDBOX_CARD with test card data, SAVED_METHOD, or STRIPE (when Stripe is configured).
 */
export const PaymentMethodIn = Type.Object({
  type: StringEnum(['OFFLINE', 'SANDBOX_CARD', 'SAVED_METHOD', 'STRIPE'] as const),
  card: Type.Optional(
    Type.Object({
      number: Type.String({ minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$' }),
      expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
      expYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
      cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
    }),
  ),
  savedPaymentMethodId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** STRIPE: a card collected by Stripe.js (`pm_…`), or a PaymentIntent the browser confirmed (`pi_…`). */
  stripe: Type.Optional(
    Type.Object({
      paymentMethodId: Type.Optional(Type.String({ pattern: '^pm_[A-Za-z0-9_]{1,200}$' })),
      paymentIntentId: Type.Optional(Type.String({ pattern: '^pi_[A-Za-z0-9_]{1,200}$' })),
    }),
  ),
});

export const SelectPaymentMethodRequest = Type.Object({
  paymentMethod: PaymentMethodIn,
  savePaymentMethod: Type.Optional(Type.Boolean()),
  delayCapture: Type.Optional(Type.Boolean()),
});

const CardOut = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
});

export const SelectPaymentMethodResponse = Type.Object({
  paymentMethod: Type.Object({
    type: Type.String({
      description: 'OFFLINE, CARD_TOKEN (a new card, tokenized), SAVED_METHOD or PAYMENT_INTENT (Stripe)',
    }),
    paymentIntentId: Type.Optional(Type.String()),
    savedPaymentMethodId: Type.Optional(Type.String()),
    card: Type.Optional(CardOut),
    savePaymentMethod: Type.Boolean(),
    delayCapture: Type.Boolean(),
  }),
});

export const SavedPaymentMethodOut = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  ...CardOut.properties,
  createdDate: DateTimeOut(),
});

export const SavedPaymentMethodsResponse = Type.Object({
  paymentMethods: Type.Array(SavedPaymentMethodOut),
});

export const SavedPaymentMethodParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
