import Type from 'typebox';
import { StringEnum } from '../../lib/http/wire.js';

/**
 * create-order's body: the protocol's `savePaymentMethod` and `delayCapture`, plus our `paymentMethod`
 * (README "Payments"): OFFLINE (default), SANDBOX_CARD with test card data, or SAVED_METHOD.
 */
export const PaymentMethodIn = Type.Object({
  type: StringEnum(['OFFLINE', 'SANDBOX_CARD', 'SAVED_METHOD'] as const),
  card: Type.Optional(
    Type.Object({
      number: Type.String({ minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$' }),
      expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
      expYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
      cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
    }),
  ),
  savedPaymentMethodId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

/** Without `paymentMethod`, the one chosen on the checkout (select-payment-method) is used, else OFFLINE. */
export const CreateOrderRequest = Type.Object({
  savePaymentMethod: Type.Optional(Type.Boolean()),
  delayCapture: Type.Optional(Type.Boolean()),
  paymentMethod: Type.Optional(PaymentMethodIn),
});

export const CreateOrderResponse = Type.Object({
  orderId: Type.String(),
  subscriptionId: Type.Optional(Type.String()),
  paymentGatewayOrderId: Type.Optional(Type.String()),
});
