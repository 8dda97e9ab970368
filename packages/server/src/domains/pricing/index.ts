// The pricing domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.

export { checkAddresses, subdivisionCode } from './lines/address.rules.js';
export type { AddressWithContact, PostalAddress } from './lines/address.types.js';
export { catalogRefOf, evaluateLines, snapshotOf, viewLine } from './lines/evaluate.service.js';
export type {
  CatalogReference,
  CustomLineData,
  LineImage,
  LineView,
  ServiceProperties,
  StoredLine,
} from './lines/line.types.js';
export { PAID_PLANS_APP_ID } from './lines/line.types.js';
export { merchantOnlyField } from './lines/line-extras.mapper.js';
export {
  type CatalogLineRequest,
  checkLineCount,
  combineLines,
  mergeCatalogItems,
  refOfRequest,
  removeLines,
  setQuantities,
} from './lines/line-list.rules.js';
export { planDescriptionLines } from './lines/plan-lines.rules.js';
export { checkPlanSale, resolveLineRequests } from './lines/plan-lines.service.js';
export type { PlanSales } from './lines/plan-sales.types.js';
export {
  linesWithSetup,
  loadSetup,
  type PricingEnv,
  priceLines,
  type SetupRefs,
  type StoredMerchantDiscount,
} from './pricing.service.js';
export { calculateTotals } from './totals/calculate.rules.js';
export type { ItemType, PaymentOption, TaxBreakdown, TaxProvider, Totals } from './totals/totals.types.js';
export { addressIn, addressWithContactIn, addressWithContactOut } from './wire/address.mapper.js';
export {
  AddressIn,
  AddressWithContactIn,
  AddressWithContactOut,
  CatalogReferenceIn,
  CustomLineItemIn,
  DescriptionLineOut,
  EmptyOut,
  ImageOut,
  LineItemIn,
  MerchantDiscountsIn,
  MoneyOut,
  RemoveLineItemsRequest,
  SelectedMembershipsIn,
  SelectedShippingOptionIn,
  UpdateQuantitiesRequest,
} from './wire/common.contract.js';
export {
  type CheckoutContext,
  catalogLinesIn,
  type EcomDeps,
  type EcomHttp,
  ecomHttp,
} from './wire/ecom.http.js';
export { CART_PREFIXES, CHECKOUT_PREFIXES } from './wire/ecom-paths.types.js';
export {
  type Figure,
  type FigureKind,
  type FigureTotals,
  figuresOut,
  formatFigure,
  giftCardLabel,
  summaryFigures,
} from './wire/figures.mapper.js';
export {
  CartLineItemOut,
  CheckoutLineItemOut,
  cartLineItemOut,
  checkoutLineItemOut,
} from './wire/lines.mapper.js';
export { checkDiscountedLines, customLinesIn, merchantDiscountsIn } from './wire/lines-in.mapper.js';
export { shippingInfoOut } from './wire/shipping.mapper.js';
export {
  AppliedDiscountOut,
  CalculatedLineItemOut,
  FiguresOut,
  PriceSummaryOut,
  ShippingInfoOut,
  shippingInfoFields,
  TaxDetailsOut,
  totalsFields,
} from './wire/totals.contract.js';
export {
  appliedDiscountsOut,
  calculatedLineOut,
  moneyOf,
  priceSummaryOut,
  taxDetailsOut,
  totalsOut,
} from './wire/totals.mapper.js';
