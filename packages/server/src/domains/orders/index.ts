// The orders domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { provideBuyerContacts } from './buyer-contacts.js';
export { attachGuestOrdersOnLogin, type BuyerTotals, ordersOfBuyer, searchBuyers } from './buyers.service.js';
export { createOrderRoutes } from './create-order.routes.js';
export { registerOrderMail } from './order-emails.js';
export { insertOrderRecord, orderStatusOf } from './order-insert.service.js';
export { orderLinkRoutes } from './order-links.routes.js';
export type { EcomMailer } from './order-mail.js';
export { orderOperationsRoutes } from './order-operations.routes.js';
export { registerOrderOperationsMail } from './order-ops-emails.js';
export { orderEventPayload, orderTotalsOf } from './order-snapshot.js';
export type { OrderLine } from './order-types.js';
export { orderRoutes } from './orders.routes.js';
export { stripeWebhookRoutes } from './stripe-webhook.routes.js';
export { type BillingRound, billDueSubscriptions } from './subscription-billing.service.js';
export { subscriptionRoutes } from './subscriptions.routes.js';
