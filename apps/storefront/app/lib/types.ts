// The slices of the API's wire shapes the shop pages read. Kept narrow on purpose: these travel to the
// browser as loader data, so loaders trim entities to them before returning.

import type { SortKey } from './sorts';

export interface Money {
  amount: string;
  formattedAmount: string;
}

export interface MediaImage {
  url: string;
  width?: number;
  height?: number;
  altText?: string;
}

export interface MediaItem {
  id: string;
  mediaType: string;
  image?: MediaImage;
}

export interface OptionChoice {
  value: string;
  description: string;
  inStock: boolean;
  visible: boolean;
  mediaId?: string;
}

export interface ProductOption {
  optionType: 'drop_down' | 'color' | string;
  name: string;
  choices: OptionChoice[];
}

export interface Variant {
  id: string;
  choices: Record<string, string>;
  variant: { priceData: PriceData; visible: boolean };
  stock: { trackQuantity: boolean; inStock: boolean; quantity?: number };
}

export interface PriceData {
  currency?: string;
  price: number;
  discountedPrice: number;
  pricePerUnit?: number;
  formatted: { price: string; discountedPrice: string; pricePerUnit?: string };
}

export interface SubscriptionPlan {
  id: string;
  title: string;
  visible: boolean;
  frequency: string;
  interval: number;
  billingCycles: number;
  description?: string;
  discount?: { type: string; value: number };
}

export interface Product {
  id: string;
  name: string;
  slug: string;
  description?: string;
  productType: string;
  brand?: string;
  ribbon?: string;
  sku?: string;
  priceData: PriceData;
  priceRange?: { minValue: number; maxValue: number };
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit: string;
    baseQuantity: number;
    baseMeasurementUnit: string;
  };
  discount?: { type: string; value: number };
  stock: { trackInventory: boolean; inStock: boolean; inventoryStatus: string; quantity?: number };
  media: { mainMedia?: MediaItem; items: MediaItem[] };
  productOptions: ProductOption[];
  manageVariants: boolean;
  variants?: Variant[];
  subscriptionOptions?: { oneTimePurchase: boolean; subscriptions: SubscriptionPlan[] };
  createdDate?: string;
  /** The collections the product is in (product pages only: breadcrumbs and related products). */
  collectionIds?: string[];
}

export interface Collection {
  id: string;
  name: string;
  slug: string;
  description?: string;
  numberOfProducts?: number;
  media?: { mainMedia?: MediaItem };
}

export interface Facets {
  collections: { id: string; name: string; slug: string; count: number }[];
  brands: { value: string; count: number }[];
  options: { name: string; choices: { value: string; count: number }[] }[];
  prices: { from: number; to?: number; formatted: string; count: number }[];
}

export interface DescriptionLine {
  name: { original: string };
  lineType: 'PLAIN_TEXT' | 'COLOR' | string;
  plainText?: { original: string };
  colorInfo?: { original: string; code?: string };
}

export interface LineItem {
  id: string;
  quantity: number;
  productName: { original: string };
  price: Money;
  fullPrice?: Money;
  lineItemPrice?: Money;
  descriptionLines: DescriptionLine[];
  availability?: { status: string; quantityAvailable?: number };
  image?: MediaImage;
  url?: { relativePath: string };
  itemType?: { preset?: string };
  subscriptionOptionInfo?: {
    subscriptionSettings?: { frequency?: string; interval?: number };
    title?: { original: string };
  };
}

export interface Violation {
  severity: 'WARNING' | 'ERROR' | string;
  target?: { lineItem?: { id: string; name?: string } };
  code?: string;
  description: string;
}

/**
 * One row of the API's figures (`figures` of carts' estimates, checkouts and orders): its kind
 * (SUBTOTAL, DISCOUNT, SHIPPING, FEES, TAX, TOTAL, GIFT_CARD, DUE_NOW, DUE_LATER, PAID, BALANCE,
 * REFUNDED, NET), its words and its signed amount.
 */
export interface Figure {
  kind: string;
  label: string;
  amount: Money;
}

export interface CartView {
  id: string;
  lineItems: LineItem[];
  couponCode?: string;
  subtotal: { formattedAmount: string };
  figures?: Figure[];
  violations: Violation[];
  count: number;
}

/** What a listing URL asks for: `?q=&brand=&price=25-50&stock=in&sort=&page=`. Shareable as is. */
export interface ListingQuery {
  q: string;
  brands: string[];
  price?: { from: number; to?: number };
  inStockOnly: boolean;
  sort: SortKey;
  page: number;
}
