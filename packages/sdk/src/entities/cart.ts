// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* The current cart and what changes it. */

import type { RevivePaths } from '../wire.js';
import type {
  AddressInput,
  AddressWithContact,
  AddressWithContactInput,
  CustomLineItemInput,
  DescriptionLine,
  Image,
  LineItemInput,
  Money,
  SubscriptionOptionInfo,
  Violation,
} from './common.js';
import type {
  AdditionalFee,
  AppliedDiscount,
  AppliedGiftCard,
  CalculatedLineItem,
  CalculationErrors,
  MembershipOptions,
  PriceSummary,
  SelectedMembershipsInput,
  SelectedShippingOptionInput,
  ShippingInfo,
  TaxSummary,
} from './totals.js';

/** A line of a cart. */
export interface CartLineItem {
  id: string;
  quantity: number;
  catalogReference?: {
    appId: string;
    catalogItemId: string;
    options?: unknown;
  };
  productName: {
    original: string;
    translated: string;
  };
  url?: {
    relativePath: string;
    url: string;
  };
  price: Money;
  fullPrice: Money;
  priceBeforeDiscounts: Money;
  lineItemPrice: Money;
  descriptionLines: DescriptionLine[];
  availability: {
    status: 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';
    quantityAvailable?: number;
  };
  physicalProperties: {
    sku?: string;
    shippable: boolean;
    weight?: number;
  };
  itemType: {
    preset: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  };
  paymentOption:
    | 'FULL_PAYMENT_ONLINE'
    | 'FULL_PAYMENT_OFFLINE'
    | 'MEMBERSHIP'
    | 'DEPOSIT_ONLINE'
    | 'MEMBERSHIP_OFFLINE';
  depositAmount?: Money;
  customLineItem: boolean;
  membersOnly?: boolean;
  fixedQuantity?: boolean;
  rootCatalogItemId?: string;
  subscriptionOptionInfo?: SubscriptionOptionInfo;
  selectedMembership?: {
    id: string;
    appId: string;
  };
  serviceProperties?: {
    scheduledDate?: Date;
    numberOfParticipants?: number;
  };
  catalogOverrideFields?: {
    productName?: {
      original: string;
      translated: string;
    };
    price?: Money;
    fullPrice?: Money;
    descriptionLines?: DescriptionLine[];
    physicalProperties?: {
      weight?: number;
    };
    image?: Image;
    depositAmount?: Money;
    paymentOption?: {
      value: string;
    };
  };
  image?: Image;
}

/** A shopping cart. */
export interface Cart {
  id: string;
  lineItems: CartLineItem[];
  buyerNote?: string;
  buyerInfo: {
    visitorId?: string;
    memberId?: string;
  };
  currency: string;
  conversionCurrency: string;
  subtotal: Money;
  appliedDiscounts: AppliedDiscount[];
  /** The coupon applied to the cart (also in appliedDiscounts), as the spec names it */
  couponCode?: string;
  contactInfo?: AddressWithContact;
  selectedShippingOption?: {
    code: string;
  };
  checkoutId?: string;
  overrideCheckoutUrl?: string;
  createdDate: Date;
  updatedDate: Date;
}

/** A cart with its estimated totals. */
export interface CartEstimate {
  cart: Cart;
  calculatedLineItems: CalculatedLineItem[];
  shippingInfo: ShippingInfo;
  priceSummary: PriceSummary;
  appliedDiscounts: AppliedDiscount[];
  calculationErrors: CalculationErrors;
  violations: Violation[];
  membershipOptions: MembershipOptions;
  additionalFees: AdditionalFee[];
  taxSummary: TaxSummary;
  payNow: PriceSummary;
  payLater: PriceSummary;
  weightUnit: 'KG' | 'LB';
  currency: string;
  giftCard?: AppliedGiftCard;
  /** Openshelf: the money rows every surface prints (subtotal, each discount, shipping, fees, tax, total, gift card, due now and later; orders: paid by each method, still due, refunded, net). Signed: what is taken off is negative. */
  figures: {
    kind:
      | 'SUBTOTAL'
      | 'DISCOUNT'
      | 'SHIPPING'
      | 'FEES'
      | 'TAX'
      | 'TOTAL'
      | 'GIFT_CARD'
      | 'DUE_NOW'
      | 'DUE_LATER'
      | 'PAID'
      | 'BALANCE'
      | 'REFUNDED'
      | 'NET';
    /** What the row is, in words: "Coupon SAVE10", "Gift card ••••ABCD" */
    label: string;
    amount: Money;
  }[];
}

/** Lines to add to the current cart. */
export interface AddToCartOptions {
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
}

/** Changes to the current cart. */
export interface UpdateCartOptions {
  cartInfo?: {
    buyerNote?: string;
    contactInfo?: AddressWithContactInput;
    selectedShippingOption?: SelectedShippingOptionInput;
    overrideCheckoutUrl?: string;
  };
  /** Parts of cartInfo to change: buyerNote, contactInfo, selectedShippingOption, overrideCheckoutUrl */
  cartFieldmask?:
    | string
    | {
        paths: string[];
      };
  /** A coupon to apply; null or "" applies none (the one applied stays) */
  couponCode?: string | null;
  merchantDiscounts?: {
    amount?: string | number;
    percentage?: number;
    lineItemIds?: string[];
  }[];
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
}

/** What to estimate the current cart with. */
export interface EstimateTotalsOptions {
  selectedShippingOption?: SelectedShippingOptionInput;
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  selectedMemberships?: SelectedMembershipsInput;
  calculateTax?: boolean;
  calculateShipping?: boolean;
  calculateAdditionalFees?: boolean;
}

/** How to start a checkout from the cart. */
export interface CreateCheckoutFromCartOptions {
  channelType?:
    | 'WEB'
    | 'POS'
    | 'EBAY'
    | 'AMAZON'
    | 'OTHER_PLATFORM'
    | 'WIX_APP_STORE'
    | 'WIX_INVOICES'
    | 'BACKOFFICE_MERCHANT'
    | 'WISH'
    | 'CLASS_PASS'
    | 'GLOBAL_E'
    | 'FACEBOOK'
    | 'ETSY'
    | 'TIKTOK'
    | 'FAIRE_COM';
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  selectedShippingOption?: SelectedShippingOptionInput;
  email?: string;
}

/** Wire conversions of {@link Cart}. @internal */
export const CART_WIRE: RevivePaths = {
  dates: [
    'lineItems.subscriptionOptionInfo.subscriptionSettings.startDate',
    'lineItems.serviceProperties.scheduledDate',
    'createdDate',
    'updatedDate',
  ],
  floats: [
    'lineItems.quantity',
    'lineItems.availability.quantityAvailable',
    'lineItems.physicalProperties.weight',
    'lineItems.subscriptionOptionInfo.subscriptionSettings.interval',
    'lineItems.subscriptionOptionInfo.subscriptionSettings.billingCycles',
    'lineItems.serviceProperties.numberOfParticipants',
    'lineItems.catalogOverrideFields.physicalProperties.weight',
    'lineItems.catalogOverrideFields.image.width',
    'lineItems.catalogOverrideFields.image.height',
    'lineItems.image.width',
    'lineItems.image.height',
    'appliedDiscounts.merchantDiscount.percentage',
    'contactInfo.address.geocode.latitude',
    'contactInfo.address.geocode.longitude',
  ],
};

/** Wire conversions of {@link CartEstimate}. @internal */
export const CART_ESTIMATE_WIRE: RevivePaths = {
  dates: [
    'cart.lineItems.subscriptionOptionInfo.subscriptionSettings.startDate',
    'cart.lineItems.serviceProperties.scheduledDate',
    'cart.createdDate',
    'cart.updatedDate',
    'shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.from',
    'shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.to',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.deliveryTimeSlot.from',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.deliveryTimeSlot.to',
    'membershipOptions.eligibleMemberships.expirationDate',
    'membershipOptions.invalidMemberships.membership.expirationDate',
  ],
  floats: [
    'cart.lineItems.quantity',
    'cart.lineItems.availability.quantityAvailable',
    'cart.lineItems.physicalProperties.weight',
    'cart.lineItems.subscriptionOptionInfo.subscriptionSettings.interval',
    'cart.lineItems.subscriptionOptionInfo.subscriptionSettings.billingCycles',
    'cart.lineItems.serviceProperties.numberOfParticipants',
    'cart.lineItems.catalogOverrideFields.physicalProperties.weight',
    'cart.lineItems.catalogOverrideFields.image.width',
    'cart.lineItems.catalogOverrideFields.image.height',
    'cart.lineItems.image.width',
    'cart.lineItems.image.height',
    'cart.appliedDiscounts.merchantDiscount.percentage',
    'cart.contactInfo.address.geocode.latitude',
    'cart.contactInfo.address.geocode.longitude',
    'shippingInfo.selectedCarrierServiceOption.logistics.pickupDetails.address.geocode.latitude',
    'shippingInfo.selectedCarrierServiceOption.logistics.pickupDetails.address.geocode.longitude',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.pickupDetails.address.geocode.latitude',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.pickupDetails.address.geocode.longitude',
    'appliedDiscounts.merchantDiscount.percentage',
  ],
};
