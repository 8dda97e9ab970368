// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

import type { RevivePaths } from './wire.js';

/** A money amount: decimal strings in major units, plus their formatted forms. */
export interface Money {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

/** A postal address. */
export interface Address {
  country?: string;
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: {
    name?: string;
    number?: string;
    apt?: string;
  };
  geocode?: {
    latitude?: number;
    longitude?: number;
  };
  formattedAddress?: string;
}

/** An address with the contact details of a person. */
export interface AddressWithContact {
  address?: Address;
  contactDetails?: {
    firstName?: string;
    lastName?: string;
    phone?: string;
    company?: string;
    vatId?: {
      id: string;
      type: string;
    };
  };
}

/** An image of a line item. */
export interface Image {
  url: string;
  width?: number;
  height?: number;
  altText?: string;
}

/** A line describing a chosen option (plain text or a colour). */
export interface DescriptionLine {
  name: {
    original: string;
    translated: string;
  };
  lineType: 'PLAIN_TEXT' | 'COLOR';
  plainText?: {
    original: string;
    translated: string;
  };
  colorInfo?: {
    original: string;
    translated: string;
    code: string;
  };
}

/** The subscription plan a line is bought on. */
export interface SubscriptionOptionInfo {
  subscriptionSettings: {
    frequency: string;
    interval: number;
    autoRenewal: boolean;
    billingCycles?: number;
    startDate?: Date;
  };
  title: {
    original: string;
    translated: string;
  };
  description?: {
    original: string;
    translated: string;
  };
}

/** A problem that blocks or warns about a checkout. */
export interface Violation {
  severity: 'WARNING' | 'ERROR';
  target: {
    lineItem?: {
      name: string;
      id: string;
    };
    other?: {
      name: string;
    };
  };
  description: string;
  /** Stable reason, e.g. LINE_ITEM_NOT_AVAILABLE (ours; not in the protocol) */
  code: string;
  suggestedFix?: 'REMOVE_LINE_ITEM';
}

/** Totals of a cart estimate, checkout or order. */
export interface PriceSummary {
  subtotal: Money;
  shipping: Money;
  tax: Money;
  discount: Money;
  total: Money;
  additionalFees: Money;
}

/** Tax of a line or of shipping. */
export interface TaxDetails {
  taxableAmount: Money;
  /** Decimal rate, "0.08875" */
  taxRate: string;
  totalTax: Money;
  rateBreakdown: {
    name: string;
    rate: string;
    tax: Money;
  }[];
  taxBreakdown: {
    jurisdiction: string;
    jurisdictionType: string;
    rate: string;
    taxAmount: Money;
    taxableAmount: Money;
    taxName: string;
  }[];
}

/** The prices of one line after the totals calculation. */
export interface PricesBreakdown {
  totalPriceAfterTax: Money;
  totalPriceBeforeTax: Money;
  taxDetails: TaxDetails;
  totalDiscount: Money;
  price: Money;
  priceBeforeDiscounts: Money;
  lineItemPrice: Money;
  fullPrice: Money;
}

/** One line as the totals calculation priced it. */
export interface CalculatedLineItem {
  lineItemId: string;
  pricesBreakdown: PricesBreakdown;
  paymentOption:
    | 'FULL_PAYMENT_ONLINE'
    | 'FULL_PAYMENT_OFFLINE'
    | 'MEMBERSHIP'
    | 'DEPOSIT_ONLINE'
    | 'MEMBERSHIP_OFFLINE';
}

/** A coupon or merchant discount that applies. */
export interface AppliedDiscount {
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  coupon?: {
    id: string;
    code: string;
    amount: Money;
    name: string;
  };
  merchantDiscount?: {
    amount: Money;
    percentage?: number;
  };
  lineItemIds: string[];
}

/** A shipping or pickup option the buyer can choose. */
export interface ShippingOption {
  code: string;
  title: string;
  logistics: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: {
      address: Address;
      pickupMethod: string;
      businessLocation: boolean;
    };
    deliveryTimeSlot?: {
      from: Date;
      to: Date;
    };
  };
  cost: {
    price: Money;
    otherCharges: {
      type: string;
      details: string;
      price: Money;
    }[];
  };
}

/** The chosen shipping option. */
export interface SelectedCarrierServiceOption {
  code: string;
  title: string;
  carrierId: string;
  logistics: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: {
      address: Address;
      pickupMethod: string;
      businessLocation: boolean;
    };
    deliveryTimeSlot?: {
      from: Date;
      to: Date;
    };
  };
  cost: {
    totalPriceAfterTax: Money;
    totalPriceBeforeTax: Money;
    totalDiscount: Money;
    price: Money;
    taxDetails: TaxDetails;
  };
  requestedShippingOption: boolean;
  otherCharges: {
    type: string;
    details: string;
    cost: {
      price: Money;
    };
  }[];
}

/** Shipping options and the chosen one. */
export interface ShippingInfo {
  region?: {
    id: string;
    name: string;
  };
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions: {
    carrierId: string;
    shippingOptions: ShippingOption[];
  }[];
}

/** Tax totals and how they were calculated. */
export interface TaxSummary {
  taxableAmount: Money;
  totalTax: Money;
  calculationDetails: {
    rateType: string;
    manualRateReason?: string;
    autoTaxFallbackDetails?: {
      fallbackReason: string;
    };
  };
}

/** Why part of a totals calculation could not be done. */
export interface CalculationErrors {
  generalShippingCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  selectedShippingOptionError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  taxCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  couponCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  giftCardCalculationError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  membershipError?: {
    applicationError: {
      code: string;
      description: string;
    };
  };
  orderValidationErrors?: {
    code: string;
    description: string;
  }[];
}

/** Memberships that can pay for lines. */
export interface MembershipOptions {
  eligibleMemberships: {
    id: string;
    appId: string;
    name: {
      original: string;
      translated: string;
    };
    lineItemIds: string[];
    expirationDate?: Date;
  }[];
  invalidMemberships: {
    membership: {
      id: string;
      appId: string;
      name: {
        original: string;
        translated: string;
      };
      lineItemIds: string[];
      expirationDate?: Date;
    };
    reason: string;
  }[];
  selectedMemberships: {
    id: string;
    appId: string;
    lineItemIds: string[];
  }[];
}

/** A gift card applied to a checkout (its code obfuscated). */
export interface AppliedGiftCard {
  id: string;
  obfuscatedCode: string;
  amount: Money;
  appId: string;
}

/** A handling fee, insurance or other extra charge. */
export interface AdditionalFee {
  code: string;
  name: string;
  price: Money;
  priceBeforeTax: Money;
  priceAfterTax: Money;
  source: string;
}

/** A price with its discounted form, in major units. */
export interface PriceData {
  currency: string;
  price: number;
  discountedPrice: number;
  pricePerUnit?: number;
  formatted: {
    price: string;
    discountedPrice: string;
    pricePerUnit?: string;
  };
}

/** Cost and profit (merchants only). */
export interface CostAndProfit {
  itemCost: number;
  formattedItemCost: string;
  profit: number;
  formattedProfit: string;
  profitMargin: number;
}

/** An image, video or file of a product or collection. */
export interface MediaItem {
  id: string;
  mediaType: 'image' | 'video' | 'audio' | 'document' | 'zip';
  title?: string;
  image?: {
    url: string;
    width?: number;
    height?: number;
    format?: string;
    altText?: string;
  };
  thumbnail?: {
    url: string;
    width?: number;
    height?: number;
    format?: string;
    altText?: string;
  };
  video?: {
    files: {
      url: string;
      width?: number;
      height?: number;
      format?: string;
      altText?: string;
    }[];
    stillFrameMediaId?: string;
  };
  /** Ours: audio, document and zip items */
  file?: {
    url: string;
    format?: string;
  };
}

/** Main media and all media items. */
export interface Media {
  mainMedia?: MediaItem;
  items: MediaItem[];
}

/** An option (e.g. Size) with its choices. */
export interface ProductOption {
  optionType: 'drop_down' | 'color';
  name: string;
  choices: {
    value: string;
    description: string;
    inStock: boolean;
    visible: boolean;
    media?: Media;
  }[];
}

/** Stock of one variant. */
export interface VariantStock {
  trackQuantity: boolean;
  quantity?: number;
  inStock: boolean;
}

/** One combination of option choices. */
export interface Variant {
  id: string;
  choices: Record<string, string>;
  variant: {
    priceData: PriceData;
    convertedPriceData: PriceData;
    costAndProfitData?: CostAndProfit;
    weight?: number;
    sku?: string;
    visible: boolean;
  };
  stock: VariantStock;
}

/** A catalog product. */
export interface Product {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  description: string;
  sku?: string;
  weight?: number;
  weightRange: {
    minValue: number;
    maxValue: number;
  };
  stock: {
    trackInventory: boolean;
    quantity?: number;
    inStock: boolean;
    inventoryStatus: 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
  };
  price: PriceData;
  priceData: PriceData;
  convertedPriceData: PriceData;
  priceRange: {
    minValue: number;
    maxValue: number;
  };
  costAndProfitData?: CostAndProfit;
  costRange?: {
    minValue: number;
    maxValue: number;
  };
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit:
      | 'UNSPECIFIED'
      | 'ML'
      | 'CL'
      | 'L'
      | 'CBM'
      | 'MG'
      | 'G'
      | 'KG'
      | 'MM'
      | 'CM'
      | 'M'
      | 'SQM'
      | 'OZ'
      | 'LB'
      | 'FLOZ'
      | 'PT'
      | 'QT'
      | 'GAL'
      | 'IN'
      | 'FT'
      | 'YD'
      | 'SQFT';
    baseQuantity: number;
    baseMeasurementUnit:
      | 'UNSPECIFIED'
      | 'ML'
      | 'CL'
      | 'L'
      | 'CBM'
      | 'MG'
      | 'G'
      | 'KG'
      | 'MM'
      | 'CM'
      | 'M'
      | 'SQM'
      | 'OZ'
      | 'LB'
      | 'FLOZ'
      | 'PT'
      | 'QT'
      | 'GAL'
      | 'IN'
      | 'FT'
      | 'YD'
      | 'SQFT';
  };
  additionalInfoSections: {
    title: string;
    description: string;
  }[];
  ribbons: {
    text: string;
  }[];
  media: Media;
  customTextFields: {
    title: string;
    maxLength: number;
    mandatory: boolean;
  }[];
  manageVariants: boolean;
  productOptions: ProductOption[];
  productPageUrl: {
    base: string;
    path: string;
  };
  /** int64 as a decimal string */
  numericId: string;
  inventoryItemId: string;
  discount: {
    type: 'NONE' | 'AMOUNT' | 'PERCENT';
    /** AMOUNT: in the currency; PERCENT: percent */
    value: number;
  };
  collectionIds: string[];
  variants?: Variant[];
  lastUpdated: Date;
  createdDate: Date;
  seoData?: Record<string, unknown>;
  ribbon?: string;
  brand?: string;
  /** Ours: subscription plans the product can be bought on */
  subscriptionOptions?: {
    oneTimePurchase: boolean;
    subscriptions: {
      id: string;
      title: string;
      description?: string;
      visible: boolean;
      frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
      interval: number;
      /** 0 means until cancelled */
      billingCycles: number;
      discount: {
        type: 'NONE' | 'AMOUNT' | 'PERCENT';
        /** AMOUNT: in the currency; PERCENT: percent */
        value: number;
      };
    }[];
  };
  /** Ours: merchants only */
  digitalFiles?: {
    id: string;
    fileName: string;
    fileType:
      | 'UNSPECIFIED'
      | 'SECURE_PICTURE'
      | 'SECURE_VIDEO'
      | 'SECURE_DOCUMENT'
      | 'SECURE_MUSIC'
      | 'SECURE_ARCHIVE';
  }[];
  /** Ours: buying it issues a gift card worth its price */
  giftCard: boolean;
  /** SDK: the same moment as `lastUpdated` (spec §3 naming) */
  updatedDate: Date;
}

/** A catalog collection. */
export interface Collection {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  numberOfProducts: number;
  media: Media;
  createdDate: Date;
  lastUpdated: Date;
  /** SDK: the same moment as `lastUpdated` (spec §3 naming) */
  updatedDate: Date;
}

/** Which choices can still be bought. */
export interface OptionsAvailability {
  selectedVariant?: {
    id: string;
    price: PriceData;
    convertedPriceData: PriceData;
    weight?: number;
    sku?: string;
    quantity?: number;
    inStock: boolean;
    visible: boolean;
  };
  media: Media;
  productOptions: ProductOption[];
  availableForPurchase: boolean;
}

/** Variants of one product, one page. */
export interface ProductVariants {
  variants: Variant[];
  metadata: {
    items: number;
    offset: number;
  };
  totalResults: number;
}

/** A variant across the store (with its product). */
export interface StoreVariant {
  /** {productId}-{variantId} */
  id: string;
  variantId: string;
  productId: string;
  variantName: string;
  productName: string;
  managedVariant: boolean;
  sku?: string;
  stock: VariantStock;
  choices: Record<string, string>;
  collectionIds: string[];
  media?: {
    image?: string;
    video?: string;
  };
  preorderInfo: {
    enabled: boolean;
  };
  price?: PriceData;
}

/** Counts over every search match (not just the page). */
export interface SearchFacets {
  collections?: {
    id: string;
    name: string;
    slug: string;
    count: number;
  }[];
  brands?: {
    value: string;
    count: number;
  }[];
  options?: {
    name: string;
    choices: {
      value: string;
      count: number;
    }[];
  }[];
  prices?: {
    from: number;
    to?: number;
    formatted: string;
    count: number;
  }[];
}

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
  customLineItem: boolean;
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
    descriptionLines?: {
      name: string;
      value: string;
    }[];
    physicalProperties?: {
      weight?: number;
    };
    image?: string;
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
}

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
  customLineItem: boolean;
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
    descriptionLines?: {
      name: string;
      value: string;
    }[];
    physicalProperties?: {
      weight?: number;
    };
    image?: string;
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

/** The order a checkout became. */
export interface CreateOrderResult {
  orderId: string;
  subscriptionId?: string;
  paymentGatewayOrderId?: string;
}

/** A line of an order (with download links for paid digital lines). */
export interface OrderLineItem {
  id: string;
  quantity: number;
  productName: {
    original: string;
    translated: string;
  };
  catalogReference?: {
    appId: string;
    catalogItemId: string;
    options?: unknown;
  };
  itemType: {
    preset: string;
  };
  physicalProperties: {
    sku?: string;
    shippable: boolean;
    weight?: number;
  };
  image?: Image;
  descriptionLines: DescriptionLine[];
  price: Money;
  fullPrice: Money;
  lineItemPrice: Money;
  totalDiscount: Money;
  totalPriceBeforeTax: Money;
  totalPriceAfterTax: Money;
  taxDetails: TaxDetails;
  paymentOption: string;
  /** DIGITAL also for gift cards and services; CUSTOM_AMOUNT_ITEM for custom lines */
  lineItemType: 'PHYSICAL' | 'DIGITAL' | 'CUSTOM_AMOUNT_ITEM';
  subscriptionInfo?: {
    planId: string;
    title: string;
    frequency: string;
    interval: number;
    billingCycles: number;
    /** ISO 8601, when a later start was chosen */
    startDate?: string;
  };
  serviceProperties?: {
    scheduledDate?: string;
    numberOfParticipants?: number;
  };
  /** Signed, expiring links to the files of a digital line (paid orders only) */
  downloads?: {
    fileId: string;
    url: string;
    expiresAt: Date;
  }[];
}

/** An order. */
export interface Order {
  id: string;
  number: string;
  checkoutId: string;
  cartId?: string;
  status: 'APPROVED' | 'CANCELED';
  paymentStatus: 'NOT_PAID' | 'AUTHORIZED' | 'PAID' | 'PARTIALLY_PAID' | 'VOIDED' | 'REFUNDED';
  fulfillmentStatus: 'NOT_FULFILLED' | 'FULFILLED';
  currency: string;
  channelInfo: {
    type: string;
  };
  buyerInfo: {
    email?: string;
    visitorId?: string;
    memberId?: string;
  };
  buyerNote?: string;
  lineItems: OrderLineItem[];
  priceSummary: PriceSummary;
  appliedDiscounts: AppliedDiscount[];
  taxSummary: {
    totalTax: Money;
    rateType: string;
  };
  payNow: Money;
  payLater: Money;
  giftCard?: {
    obfuscatedCode: string;
    amount: Money;
  };
  shippingInfo?: {
    code?: string;
    title?: string;
    carrierId?: string;
    cost: Money;
    discount: Money;
    deliveryTime?: string;
    pickupMethod?: string;
    shippingDestination?: AddressWithContact;
  };
  billingInfo?: AddressWithContact;
  customFields: {
    title: string;
    value: unknown;
  }[];
  payments?: {
    id: string;
    provider: string;
    status: string;
    amount: Money;
    cardBrand?: string;
    cardLast4?: string;
    createdDate: Date;
  }[];
  paidDate?: Date;
  fulfilledDate?: Date;
  canceledDate?: Date;
  createdDate: Date;
  updatedDate: Date;
}

/** A buyer's subscription to a plan. */
export interface Subscription {
  id: string;
  orderId: string;
  lineItemId: string;
  status: 'ACTIVE' | 'CANCELED' | 'ENDED';
  planId: string;
  title: string;
  frequency: string;
  interval: number;
  /** 0: until cancelled */
  billingCycles: number;
  cyclesBilled: number;
  price: Money;
  startDate: Date;
  nextBillingDate?: Date;
  canceledDate?: Date;
}

/** How a checkout will be paid (a new card is already tokenized; only its brand and last digits show). */
export interface SelectedPaymentMethod {
  /** OFFLINE, CARD_TOKEN (a new card, tokenized) or SAVED_METHOD */
  type: string;
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

/** A member's saved card (never the token). */
export interface SavedPaymentMethod {
  id: string;
  provider: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdDate: Date;
}

/** A URL on this server to send the browser to. */
export interface RedirectSession {
  id: string;
  fullUrl: string;
  urlDetails: {
    endpoint: string;
    searchParams: Record<string, string>;
  };
  /** Lets the hosted page keep the identity of the caller (single hand-over) */
  sessionToken: string;
  shortId: string;
  shortUrl: string;
}

/** A redirect session as its hosted page sees it: kind and verified callbacks. */
export interface HostedPage {
  kind: string;
  callbacks: Record<string, string>;
}

/** The store's captcha mode and site keys. */
export interface CaptchaSettings {
  mode: string;
  visibleSiteKey: string;
  invisibleSiteKey: string;
  challengeUrl: string;
}

/** A member's identity and profile. */
export interface Identity {
  id: string;
  /** int64 as a string; send it back to update */
  revision: string;
  createdDate: Date;
  updatedDate: Date;
  identityProfile: {
    firstName?: string;
    lastName?: string;
    nickname?: string;
    picture?: string;
    language?: string;
    emails: string[];
    phones: string[];
    addresses: {
      address: {
        addressLine?: string;
        addressLine2?: string;
        streetAddress?: {
          name?: string;
          number?: string;
          apt?: string;
        };
        city?: string;
        subdivision?: string;
        country?: string;
        postalCode?: string;
      };
      tag: string;
    }[];
    customFields: {
      name: string;
      value: {
        strValue?: string;
        numValue?: number;
        dateValue?: Date;
        boolValue?: boolean;
      };
    }[];
  };
  email: {
    address: string;
    isVerified: boolean;
  };
  status: {
    name: 'PENDING' | 'ACTIVE' | 'BLOCKED' | 'DELETED' | 'OFFLINE';
    reasons: ('PENDING_EMAIL_VERIFICATION_REQUIRED' | 'PENDING_ADMIN_APPROVAL_REQUIRED')[];
  };
  factors: {
    factorId: string;
    type: string;
    status: string;
  }[];
  connections: unknown[];
}

/** A postal address in a request. */
export interface AddressInput {
  /** ISO 3166-1 alpha-2 */
  country?: string;
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: {
    name?: string;
    number?: string;
    apt?: string;
  };
  geocode?: {
    latitude?: number;
    longitude?: number;
  };
  formattedAddress?: string;
}

/** Contact details in a request. */
export interface ContactDetailsInput {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: {
    id: string;
    type?: 'UNSPECIFIED' | 'CPF' | 'CNPJ';
  };
}

/** An address with contact details in a request. */
export interface AddressWithContactInput {
  address?: AddressInput;
  contactDetails?: ContactDetailsInput;
}

/** What a line buys: a product, with `options.variantId` or `options.options`. */
export interface CatalogReference {
  appId?: string;
  catalogItemId: string;
  options?: Record<string, unknown>;
}

/** A catalog line to add. */
export interface LineItemInput {
  catalogReference: CatalogReference;
  quantity?: number;
  serviceProperties?: {
    scheduledDate?: Date | string;
    numberOfParticipants?: number;
  };
  catalogOverrideFields?: {
    productName?: {
      original: string;
    };
    price?: string | number;
    fullPrice?: string | number;
    descriptionLines?: {
      name?: {
        original?: string;
      };
      plainText?: {
        original?: string;
      };
    }[];
    physicalProperties?: {
      weight?: number;
    };
    image?: string;
    paymentOption?: {
      value?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';
    };
  };
}

/** A custom line (merchant keys only). */
export interface CustomLineItemInput {
  id?: string;
  quantity?: number;
  price: string | number;
  fullPrice?: string | number;
  productName: {
    original: string;
  };
  itemType?: {
    preset?: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  };
  physicalProperties?: {
    weight?: number;
    sku?: string;
  };
  media?: {
    url?: string;
  };
  url?: {
    relativePath?: string;
    url?: string;
  };
  descriptionLines?: {
    name?: {
      original?: string;
    };
    plainText?: {
      original?: string;
    };
  }[];
  quantityAvailable?: number;
  paymentOption?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';
  catalogReference?: CatalogReference;
}

/** A new quantity for a line. */
export interface LineItemQuantity {
  id: string;
  quantity: number;
}

/** A shipping option chosen by code. */
export interface SelectedShippingOptionInput {
  code: string;
  carrierId?: string;
}

/** Memberships chosen to pay for lines. */
export interface SelectedMembershipsInput {
  memberships?: {
    id: string;
    appId?: string;
    lineItemIds?: string[];
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
  couponCode?: string | null;
  merchantDiscounts?: unknown[];
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
    value?: unknown;
  }[];
  membershipOptions?: {
    selectedMemberships?: SelectedMembershipsInput;
  };
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
}

/** How to pay for the order. */
export interface CreateOrderOptions {
  savePaymentMethod?: boolean;
  delayCapture?: boolean;
  paymentMethod?: PaymentMethodInput;
}

/** How to pay: offline, a card, or a saved method. */
export interface PaymentMethodInput {
  type: 'OFFLINE' | 'SANDBOX_CARD' | 'SAVED_METHOD';
  card?: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
  };
  savedPaymentMethodId?: string;
}

/** Where to send the browser. */
export interface CreateRedirectSessionOptions {
  bookingsCheckout?: Record<string, unknown>;
  ecomCheckout?: {
    checkoutId?: string | null;
  };
  eventsCheckout?: Record<string, unknown>;
  paidPlansCheckout?: Record<string, unknown>;
  login?: Record<string, unknown>;
  logout?: {
    clientId?: string | null;
  };
  auth?: {
    authRequest?: {
      clientId?: string | null;
      responseType?: string | null;
      redirectUri?: string | null;
      scope?: string | null;
      state?: string | null;
      responseMode?: string | null;
      codeChallenge?: string | null;
      codeChallengeMethod?: string | null;
      sessionToken?: string | null;
      nonce?: string | null;
      prompt?: string | null;
      idp?: string | null;
    };
    prompt?: string | null;
  };
  storesProduct?: {
    productSlug?: string | null;
  };
  bookingsBook?: Record<string, unknown>;
  ecomOrderPaymentRequest?: Record<string, unknown>;
  callbacks?: {
    thankYouPageUrl?: string | null;
    postFlowUrl?: string | null;
    loginUrl?: string | null;
    bookingsServiceListUrl?: string | null;
    cartPageUrl?: string | null;
    planListUrl?: string | null;
  };
  preferences?: {
    useGenericWixPages?: boolean | null;
    maintainIdentity?: boolean | null;
    additionalQueryParameters?: Record<string, string>;
    checkIfPublish?: boolean | null;
  };
  origin?: string | null;
}

/** A full-text product search with facets. */
export interface SearchProductsOptions {
  search?: {
    expression?: string;
  };
  query?: {
    filter?: unknown;
    sort?: unknown;
    /** Offset paging */
    paging?: {
      /** Page size (default 50) */
      limit?: number;
      /** Items to skip (default 0) */
      offset?: number;
    };
  };
  facets?: ('collections' | 'brands' | 'options' | 'prices')[];
  includeVariants?: boolean;
}

/** Which variants of a product to list. */
export interface QueryProductVariantsOptions {
  choices?: Record<string, string>;
  variantIds?: string[];
  /** Offset paging */
  paging?: {
    /** Page size (default 50) */
    limit?: number;
    /** Items to skip (default 0) */
    offset?: number;
  };
  includeMerchantSpecificData?: boolean;
}

/** Profile fields to change (leave out what stays). */
export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  picture?: string | null;
  language?: string | null;
  emails?: string[];
  phones?: string[];
  addresses?: {
    address?: {
      addressLine?: string | null;
      addressLine1?: string | null;
      addressLine2?: string | null;
      streetAddress?: {
        name?: string | null;
        number?: string | null;
        apt?: string | null;
      };
      street?: {
        name?: string | null;
        number?: string | null;
        apt?: string | null;
      };
      city?: string | null;
      subdivision?: string | null;
      country?: string | null;
      postalCode?: string | null;
    };
    tag?: string;
  }[];
  customFields?: {
    name: string;
    value?: {
      strValue?: string;
      numValue?: number;
      dateValue?: Date | string;
      boolValue?: boolean;
    };
  }[];
}

/** Wire conversions of {@link Product}. @internal */
export const PRODUCT_WIRE: RevivePaths = { dates: ['lastUpdated', 'createdDate', 'updatedDate'], floats: [] };

/** Wire conversions of {@link Collection}. @internal */
export const COLLECTION_WIRE: RevivePaths = {
  dates: ['createdDate', 'lastUpdated', 'updatedDate'],
  floats: [],
};

/** Wire conversions of {@link Cart}. @internal */
export const CART_WIRE: RevivePaths = {
  dates: [
    'lineItems.subscriptionOptionInfo.subscriptionSettings.startDate',
    'lineItems.serviceProperties.scheduledDate',
    'createdDate',
    'updatedDate',
  ],
  floats: [
    'lineItems.physicalProperties.weight',
    'lineItems.catalogOverrideFields.physicalProperties.weight',
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
    'cart.lineItems.physicalProperties.weight',
    'cart.lineItems.catalogOverrideFields.physicalProperties.weight',
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
    'lineItems.physicalProperties.weight',
    'lineItems.catalogOverrideFields.physicalProperties.weight',
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

/** Wire conversions of {@link Order}. @internal */
export const ORDER_WIRE: RevivePaths = {
  dates: [
    'lineItems.downloads.expiresAt',
    'payments.createdDate',
    'paidDate',
    'fulfilledDate',
    'canceledDate',
    'createdDate',
    'updatedDate',
  ],
  floats: [
    'lineItems.physicalProperties.weight',
    'appliedDiscounts.merchantDiscount.percentage',
    'shippingInfo.shippingDestination.address.geocode.latitude',
    'shippingInfo.shippingDestination.address.geocode.longitude',
    'billingInfo.address.geocode.latitude',
    'billingInfo.address.geocode.longitude',
  ],
};

/** Wire conversions of {@link Subscription}. @internal */
export const SUBSCRIPTION_WIRE: RevivePaths = {
  dates: ['startDate', 'nextBillingDate', 'canceledDate'],
  floats: [],
};

/** Wire conversions of {@link SavedPaymentMethod}. @internal */
export const SAVED_PAYMENT_METHOD_WIRE: RevivePaths = { dates: ['createdDate'], floats: [] };

/** Wire conversions of {@link Identity}. @internal */
export const IDENTITY_WIRE: RevivePaths = {
  dates: ['createdDate', 'updatedDate', 'identityProfile.customFields.value.dateValue'],
  floats: ['identityProfile.customFields.value.numValue'],
};
