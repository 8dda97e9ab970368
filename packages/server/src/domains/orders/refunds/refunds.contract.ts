import Type from 'typebox';
import { AmountIn, DateTimeOut, StringEnum } from '../../../lib/http/wire.js';
import { MoneyOut } from '../../pricing/index.js';

/** A line and a quantity; refunds, restocks and shipments name lines the same way. */
export const LineQuantityIn = Type.Object({
  lineItemId: Type.String({ minLength: 1, maxLength: 100 }),
  quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
});

/**
 * The protocol's refund-payments request (Order Billing API). `paymentRefunds` sets the amount (summed;
 * we split it over the order's payments and gift card ourselves, oldest payment first); without it the
 * amount is what `details.items` and the shipping are worth.
 */
export const RefundPaymentsRequest = Type.Object({
  orderId: Type.String({ minLength: 1, maxLength: 100 }),
  dryRun: Type.Optional(
    Type.Boolean({
      description: 'Openshelf: check and compute the refund only; nothing is refunded or recorded',
    }),
  ),
  paymentRefunds: Type.Optional(Type.Array(Type.Object({ amount: AmountIn }), { minItems: 1, maxItems: 1 })),
  details: Type.Optional(
    Type.Object({
      items: Type.Optional(Type.Array(LineQuantityIn, { maxItems: 300 })),
      shippingIncluded: Type.Optional(Type.Boolean()),
      reason: Type.Optional(Type.String({ maxLength: 500 })),
    }),
  ),
  sideEffects: Type.Optional(
    Type.Object({
      restockInfo: Type.Optional(
        Type.Object({
          type: StringEnum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS'] as const),
          items: Type.Optional(Type.Array(LineQuantityIn, { maxItems: 300 })),
        }),
      ),
      sendOrderRefundedEmail: Type.Optional(Type.Boolean({ description: 'Default true' })),
    }),
  ),
});

export const RefundOut = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  amount: MoneyOut,
  giftCardAmount: MoneyOut,
  transactions: Type.Array(
    Type.Object({
      paymentId: Type.String(),
      amount: MoneyOut,
      refundStatus: Type.Literal('SUCCEEDED'),
      externalRefund: Type.Boolean({ description: 'True for an offline payment the merchant gives back' }),
    }),
  ),
  details: Type.Object({
    items: Type.Array(Type.Object({ lineItemId: Type.String(), quantity: Type.Integer(), amount: MoneyOut })),
    shippingIncluded: Type.Boolean(),
    shippingAmount: MoneyOut,
    reason: Type.Optional(Type.String()),
  }),
  restockedItems: Type.Array(Type.Object({ lineItemId: Type.String(), quantity: Type.Integer() })),
  createdDate: DateTimeOut(),
});

const PaymentOut = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  status: Type.String(),
  amount: MoneyOut,
  refundedAmount: MoneyOut,
  cardBrand: Type.Optional(Type.String()),
  cardLast4: Type.Optional(Type.String()),
  /** The same words as the order's "Paid by …" figure, so that every list names a payment alike. */
  method: Type.String({
    description: 'Openshelf: how it was paid, in words: "Visa ••••4242", "offline payment", "card"',
  }),
  createdDate: DateTimeOut(),
});

export const OrderTransactionsOut = Type.Object({
  orderId: Type.String(),
  payments: Type.Array(PaymentOut),
  refunds: Type.Array(RefundOut),
  refundable: Type.Object(
    {
      amount: MoneyOut,
      shipping: MoneyOut,
      lineItems: Type.Array(Type.Object({ lineItemId: Type.String(), quantity: Type.Integer() })),
    },
    { description: 'What can still be refunded: money, shipping, and units per line' },
  ),
});

export const RefundPaymentsResponse = Type.Object({
  refund: RefundOut,
  orderTransactions: OrderTransactionsOut,
});
export const OrderTransactionsResponse = Type.Object({ orderTransactions: OrderTransactionsOut });
export const OrderIdOnlyParams = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 100 }) });
