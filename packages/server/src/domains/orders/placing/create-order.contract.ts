import Type from 'typebox';
import { PaymentMethodIn } from '../../payments/index.js';

/**
 * create-order's body: the protocol's `savePaymentMethod` and `delayCapture`, plus our `paymentMethod`.
 * Without `paymentMethod`, the one chosen on the checkout (select-payment-method) is used, else
 * OFFLINE.
 */
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
