/**
 * The catalog's domain vocabulary (spec §3 Product, Collection). Amounts are integer minor units of the
 * product's currency (ADR 004); wire shapes (major-unit numbers, formatted text) exist only in
 * product.mapper.ts.
 */
export const PRODUCT_TYPES = ['physical', 'digital'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const DISCOUNT_TYPES = ['NONE', 'AMOUNT', 'PERCENT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const OPTION_TYPES = ['drop_down', 'color'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'zip'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const INVENTORY_STATUSES = ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

export const MEASUREMENT_UNITS = [
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** Digital file types of spec §3 (the catalog adds UNSPECIFIED). */
export const DIGITAL_FILE_TYPES = [
  'UNSPECIFIED',
  'SECURE_PICTURE',
  'SECURE_VIDEO',
  'SECURE_DOCUMENT',
  'SECURE_MUSIC',
  'SECURE_ARCHIVE',
] as const;
export type DigitalFileType = (typeof DIGITAL_FILE_TYPES)[number];

export const SUBSCRIPTION_FREQUENCIES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

/** What the cart makes of a catalog item (spec §3 "Item type"); SERVICE items never come from here. */
export type CatalogItemType = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD';

/** Limits the protocol documents for products (field docs of the public client). */
export const LIMITS = {
  nameLength: 80,
  slugLength: 100,
  descriptionLength: 8000,
  skuLength: 40,
  brandLength: 50,
  ribbonLength: 30,
  options: 6,
  choicesPerOption: 100,
  optionNameLength: 50,
  choiceLength: 50,
  variants: 300,
  mediaPerProduct: 50,
  maxAmountMinor: 99_999_999_999,
  maxWeight: 999_999_999.99,
  maxQuantity: 99_999,
  collectionNameLength: 50,
  collectionDescriptionLength: 600,
  customTextFields: 5,
  customTextFieldTitleLength: 100,
  /** The longest text a custom text field may allow (each field sets its own `maxLength` up to it). */
  customTextLength: 500,
} as const;

export interface ProductChoice {
  /** For colour options the colour (e.g. `#1f3a93`), otherwise the same as `description`. */
  value: string;
  /** The name shoppers pick; variant `choices` refer to it. */
  description: string;
  /** Product media items shown when this choice is selected. */
  mediaIds: string[];
}

export interface ProductOption {
  name: string;
  optionType: OptionType;
  choices: ProductChoice[];
}

/** A media item attached to a product or collection: a media-library file or an external URL. */
export interface CatalogMediaItem {
  id: string;
  mediaType: MediaType;
  /** `/media/...` for library files (made absolute at the edge), or an absolute external URL. */
  url: string;
  width?: number;
  height?: number;
  altText?: string;
  title?: string;
  format?: string;
}

export interface Discount {
  type: DiscountType;
  /** AMOUNT: minor units; PERCENT: hundredths of a percent (12.5 % = 1250); NONE: 0. */
  value: number;
}

export interface PricePerUnitSettings {
  totalQuantity: number;
  totalMeasurementUnit: MeasurementUnit;
  baseQuantity: number;
  baseMeasurementUnit: MeasurementUnit;
}

export interface SubscriptionPlan {
  id: string;
  title: string;
  description?: string;
  visible: boolean;
  frequency: SubscriptionFrequency;
  /** Charge every `interval` × `frequency` (e.g. every 2 WEEKs). */
  interval: number;
  /** Number of charges; 0 means until cancelled. */
  billingCycles: number;
  discount: Discount;
}

export interface SubscriptionOptions {
  /** Whether the product can also be bought once, without a subscription. */
  oneTimePurchase: boolean;
  subscriptions: SubscriptionPlan[];
}

export interface DigitalFile {
  /** Media-library id of the secured file. */
  id: string;
  fileName: string;
  fileType: DigitalFileType;
}

export interface InfoSection {
  title: string;
  description: string;
}

export interface CustomTextField {
  title: string;
  maxLength: number;
  mandatory: boolean;
}

/**
 * A deposit (the protocol's DEPOSIT_ONLINE payment option): what a buyer pays per unit at checkout, the
 * rest later — a fixed amount (minor units) or a share of the price (ppm). Set on a product, and
 * overridden on a variant.
 */
export interface ProductDeposit {
  amountMinor?: number;
  ppm?: number;
}

export interface VariantRecord {
  id: string;
  /** Option name → choice description; `{}` for the default variant of a product without managed variants. */
  choices: Record<string, string>;
  position: number;
  /** Overrides of the product's values; null means "as the product". */
  priceMinor: number | null;
  costMinor: number | null;
  weight: number | null;
  sku: string | null;
  visible: boolean;
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  /** Overrides the product's deposit; null: as the product. */
  deposit?: ProductDeposit | null;
}

export interface ProductRecord {
  id: string;
  numericId: number;
  name: string;
  slug: string;
  description: string;
  productType: ProductType;
  visible: boolean;
  sku: string | null;
  weight: number | null;
  brand: string | null;
  ribbon: string | null;
  currency: string;
  priceMinor: number;
  costMinor: number | null;
  discount: Discount;
  pricePerUnit: PricePerUnitSettings | null;
  manageVariants: boolean;
  productOptions: ProductOption[];
  media: CatalogMediaItem[];
  collectionIds: string[];
  additionalInfoSections: InfoSection[];
  customTextFields: CustomTextField[];
  seoData: Record<string, unknown> | null;
  subscriptionOptions: SubscriptionOptions | null;
  digitalFiles: DigitalFile[];
  giftCard: boolean;
  /** The deposit buyers pay at checkout (the rest later); null: paid in full. */
  deposit?: ProductDeposit | null;
  createdDate: Date;
  lastUpdated: Date;
  variants: VariantRecord[];
}

export interface CollectionRecord {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  media: CatalogMediaItem[];
  numberOfProducts: number;
  createdDate: Date;
  lastUpdated: Date;
}
