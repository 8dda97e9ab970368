// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Checkouts and what changes them. */

import type { RevivePaths } from '../wire.js';
import type {
  AddressWithContact,
  AddressWithContactInput,
  CatalogReference,
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
  CalculationErrors,
  MembershipOptions,
  PriceSummary,
  SelectedCarrierServiceOption,
  SelectedMembershipsInput,
  SelectedShippingOptionInput,
  ShippingOption,
  TaxDetails,
  TaxSummary,
} from './totals.js';

/** A line of a checkout, with its share of the totals. */
export interface CheckoutLineItem {
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
  media?: Image;
  totalPriceAfterTax: Money;
  totalPriceBeforeTax: Money;
  taxDetails: TaxDetails;
  discount: Money;
}

/** A checkout. */
export interface Checkout {
  id: string;
  cartId?: string;
  lineItems: CheckoutLineItem[];
  channelType:
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
  completed: boolean;
  orderId?: string;
  conversionCurrency: string;
  buyerInfo: {
    email?: string;
    visitorId?: string;
    memberId?: string;
  };
  buyerNote?: string;
  billingInfo?: AddressWithContact;
  shippingInfo: {
    shippingDestination?: AddressWithContact;
    region?: {
      id: string;
      name: string;
    };
    selectedCarrierServiceOption?: SelectedCarrierServiceOption;
    carrierServiceOptions: {
      carrierId: string;
      shippingOptions: ShippingOption[];
    }[];
  };
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
  couponCode?: string;
  overrideCheckoutUrl?: string;
  customFields: {
    title: string;
    translatedTitle?: string;
    value: unknown;
  }[];
  taxIncludedInPrice: boolean;
  /** Line prices are held until then (ours; ADR 010) */
  holdExpiresAt: Date;
  createdDate: Date;
  updatedDate: Date;
}

/** The settable parts of a checkout. */
export interface CheckoutInfo {
  buyerInfo?: {
    email?: string;
    visitorId?: string;
    memberId?: string;
  };
  billingInfo?: AddressWithContactInput;
  shippingInfo?: {
    shippingDestination?: AddressWithContactInput;
    selectedCarrierServiceOption?: SelectedShippingOptionInput;
  };
  buyerNote?: string;
  customFields?: {
    title: string;
    translatedTitle?: string;
    /** A text (up to 1000 characters), number or true/false */
    value?: string | number | boolean | null;
  }[];
  membershipOptions?: {
    selectedMemberships?: SelectedMembershipsInput;
  };
  merchantDiscounts?: {
    amount?: string | number;
    percentage?: number;
    lineItemIds?: string[];
  }[];
}

/** A new checkout. */
export interface CreateCheckoutOptions {
  checkoutInfo?: CheckoutInfo;
  couponCode?: string | null;
  giftCardCode?: string | null;
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
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
  overrideCheckoutUrl?: string | null;
  merchantDiscounts?: {
    amount?: string | number;
    percentage?: number;
    lineItemIds?: string[];
  }[];
}

/** The body of a checkout update. */
export interface UpdateCheckoutRequest {
  checkout?: CheckoutInfo;
  fieldMask?:
    | string
    | {
        paths: string[];
      };
  couponCode?: string | null;
  giftCardCode?: string | null;
  overrideCheckoutUrl?: string | null;
  lineItems?: {
    id?: string;
    quantity?: number;
    catalogReference?: CatalogReference;
  }[];
  customLineItems?: CustomLineItemInput[];
  merchantDiscounts?: {
    amount?: string | number;
    percentage?: number;
    lineItemIds?: string[];
  }[];
}

/** How a checkout will be paid (a new card is already tokenized; only its brand and last digits show). */
export interface SelectedPaymentMethod {
  /** OFFLINE, CARD_TOKEN (a new card, tokenized), SAVED_METHOD or PAYMENT_INTENT (Stripe) */
  type: string;
  paymentIntentId?: string;
  savedPaymentMethodId?: string;
  card?: {
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  };
  savePaymentMethod: boolean;
  delayCapture: boolean;
}

/** Wire conversions of {@link Checkout}. @internal */
export const CHECKOUT_WIRE: RevivePaths = {
  dates: [
    'lineItems.subscriptionOptionInfo.subscriptionSettings.startDate',
    'lineItems.serviceProperties.scheduledDate',
    'shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.from',
    'shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.to',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.deliveryTimeSlot.from',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.deliveryTimeSlot.to',
    'membershipOptions.eligibleMemberships.expirationDate',
    'membershipOptions.invalidMemberships.membership.expirationDate',
    'holdExpiresAt',
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
    'lineItems.media.width',
    'lineItems.media.height',
    'billingInfo.address.geocode.latitude',
    'billingInfo.address.geocode.longitude',
    'shippingInfo.shippingDestination.address.geocode.latitude',
    'shippingInfo.shippingDestination.address.geocode.longitude',
    'shippingInfo.selectedCarrierServiceOption.logistics.pickupDetails.address.geocode.latitude',
    'shippingInfo.selectedCarrierServiceOption.logistics.pickupDetails.address.geocode.longitude',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.pickupDetails.address.geocode.latitude',
    'shippingInfo.carrierServiceOptions.shippingOptions.logistics.pickupDetails.address.geocode.longitude',
    'appliedDiscounts.merchantDiscount.percentage',
  ],
};
