import Type from 'typebox';
import { DateTimeOut, StringEnum } from '../../../lib/http/wire.js';
import { MoneyOut } from '../../pricing/index.js';
import { SUBSCRIPTION_STATUSES } from '../orders.schema.js';

/** A buyer's subscription to a product's plan (docs/api/cart-checkout-orders.md "E-mails, gift cards bought, downloads, subscriptions"). */
export const SubscriptionOut = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  lineItemId: Type.String(),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  planId: Type.String(),
  title: Type.String(),
  frequency: Type.String(),
  interval: Type.Integer(),
  billingCycles: Type.Integer({ description: '0: until cancelled' }),
  cyclesBilled: Type.Integer(),
  price: MoneyOut,
  startDate: DateTimeOut(),
  nextBillingDate: Type.Optional(DateTimeOut()),
  canceledDate: Type.Optional(DateTimeOut()),
});
