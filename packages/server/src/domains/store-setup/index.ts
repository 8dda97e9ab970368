// The store-setup domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { type Coupon, couponProblem, findCoupon, findUsableCoupon } from './coupons.service.js';
export { ensureDemoStoreSetup } from './demo-setup.js';
export { derivedGiftCardCode, issueOrderGiftCards, type OrderGiftCard } from './gift-card-issuing.service.js';
export { findUsableGiftCard, giftCardProblem, refundGiftCard } from './gift-cards.service.js';
export { membershipRoutes } from './memberships.routes.js';
export {
  consumeMembershipCredits,
  endMembership,
  findMembershipPlan,
  grantMembership,
  listMembershipPlans,
  listMemberships,
  type MembershipPlan,
} from './memberships.service.js';
export { cartPricingSetup, loadPricingSetup, type PricingSetup } from './pricing-setup.service.js';
export { promotionRoutes } from './promotions.routes.js';
export { redeemForOrder } from './redemptions.service.js';
export { storeSigningKey } from './settings.service.js';
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
} from './setup-shapes.js';
export { StoreIdentityCache } from './store-identity.service.js';
export { storeSetupRoutes } from './store-setup.routes.js';
export { taxRoutes } from './tax.routes.js';
