// The store-setup domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.

export { ensureDemoStoreSetup } from './demo/demo-setup.service.js';
export { membershipRoutes } from './memberships/memberships.routes.js';
export {
  consumeMembershipCredits,
  endMembership,
  findMembershipPlan,
  grantMembership,
  listMembershipPlans,
  listMemberships,
  type MembershipPlan,
  planPricingVariantId,
} from './memberships/memberships.service.js';
export { cartPricingSetup, loadPricingSetup, type PricingSetup } from './pricing-setup.service.js';
export { type Coupon, couponProblem, findCoupon, findUsableCoupon } from './promotions/coupons.service.js';
export {
  derivedGiftCardCode,
  issueOrderGiftCards,
  type OrderGiftCard,
} from './promotions/gift-card-issuing.service.js';
export { findUsableGiftCard, giftCardProblem, refundGiftCard } from './promotions/gift-cards.service.js';
export { promotionRoutes } from './promotions/promotions.routes.js';
export { redeemForOrder } from './promotions/redemptions.service.js';
export { storeSigningKey } from './settings/settings.service.js';
export { storeCommerceRoutes } from './settings/store-commerce.routes.js';
export type { StoreCommerce } from './settings/store-commerce.service.js';
export { getStoreCommerce, StoreCommerceCache } from './settings/store-commerce.service.js';
export { StoreIdentityCache } from './settings/store-identity.service.js';
export type {
  Address,
  ChargeType,
  JurisdictionType,
  MembershipInput,
  PickupMethod,
  ShippingRate,
  ShippingRegion,
  ShippingSetup,
  TaxProvider,
  TaxRate,
  TaxRegion,
  TaxSetup,
  WeightUnit,
} from './setup.types.js';
export { isPickupOfferedAt } from './shipping/pickup-offer.rules.js';
export { type ServedDestinations, servedDestinations } from './shipping/shipping.service.js';
export { storeSetupRoutes } from './store-setup.routes.js';
export type { CardProviderChoice } from './store-setup.schema.js';
export { taxRoutes } from './tax/tax.routes.js';
