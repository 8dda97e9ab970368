// The checkout domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { CheckoutIdParams } from './checkout.contract.js';
export { checkoutRoutes } from './checkout.routes.js';
export { CHANNEL_TYPES, type ChannelType } from './checkout.schema.js';
export { createCheckout, totalsOf } from './checkout.service.js';
export {
  assertOpen,
  assignCheckoutMember,
  type CheckoutRow,
  completeCheckoutForOrder,
  lockCheckout,
  readCheckout,
} from './checkout-rows.service.js';
export {
  checkOverrideCheckoutUrl,
  mayOverrideCheckoutUrl,
} from './checkout-url/override-checkout-url.service.js';
export { paymentSelectionRoutes } from './payment-selection/payment-selection.routes.js';
