import Type from 'typebox';
import { DateTimeOut } from '../../lib/http/wire.js';
import { PaymentMethodIn } from '../orders/create-order.contract.js';

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
    type: Type.String({ description: 'OFFLINE, CARD_TOKEN (a new card, tokenized) or SAVED_METHOD' }),
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
