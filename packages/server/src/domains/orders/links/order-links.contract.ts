import Type from 'typebox';
import { FulfillmentOut } from '../fulfillments/fulfillments.contract.js';
import { OrderOut } from '../orders.contract.js';
import { OrderTransactionsOut } from '../refunds/refunds.contract.js';

export const OrderLinkParams = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 100 }) });
export const OrderLinkQuery = Type.Object({
  key: Type.String({ maxLength: 200, description: "The access key from the order's e-mails" }),
});

/** Openshelf: what a buyer's order link shows — the order, its shipments, its payments and refunds. */
export const OrderLinkResponse = Type.Object({
  order: OrderOut,
  fulfillments: Type.Array(FulfillmentOut),
  orderTransactions: OrderTransactionsOut,
});
