// The orders domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { provideBuyerContacts } from './buyers/buyer-contacts.service.js';
export {
  attachGuestOrdersOnLogin,
  type BuyerTotals,
  ordersOfBuyer,
  searchBuyers,
} from './buyers/buyers.service.js';
export { registerOrderMail } from './emails/order-emails.consumer.js';
export type { EcomMailer } from './emails/order-mail.service.js';
export { registerOrderOperationsMail } from './emails/order-operations-emails.consumer.js';
export { orderLinkRoutes } from './links/order-links.routes.js';
export type { OrderLine } from './order.types.js';
export { orderOperationsRoutes } from './order-operations.routes.js';
export { orderEventPayload, orderTotalsOf } from './order-snapshot.mapper.js';
export { orderRoutes } from './orders.routes.js';
export { createOrderRoutes } from './placing/create-order.routes.js';
export {
  insertOrderRecord,
  orderStatusOf,
  type SoldOrder,
  soldOrders,
} from './placing/order-insert.service.js';
export {
  type ReconciliationRound,
  reconcilePayments,
} from './placing/payment-reconciliation.service.js';
export { lockStoreHasOrders, storeHasOrders } from './store-has-orders.service.js';
export { stripeWebhookRoutes } from './stripe/stripe-webhook.routes.js';
export { type BillingRound, billDueSubscriptions } from './subscriptions/subscription-billing.service.js';
export { subscriptionRoutes } from './subscriptions/subscriptions.routes.js';
