// Shapes of the merchant API as the admin client sees them (orders, products and collections are the
// generated entities). Money in the admin API is a decimal string in the store currency ("12.50").

import type { Address, Order } from '../entities/index.js';

/** Offset paging metadata of admin lists. */
export interface ListMetadata {
  count: number;
  offset: number;
  total?: number;
  tooManyToCount?: boolean;
}

/** Offset paging arguments. */
export interface Paging {
  limit?: number;
  offset?: number;
}

export type PaymentStatus = Order['paymentStatus'];
export type FulfillmentStatus = Order['fulfillmentStatus'];
export type OrderStatus = Order['status'];

export interface OrderListParams extends Paging {
  /** An order number or (part of) the buyer's e-mail. */
  search?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  fulfillmentStatus?: FulfillmentStatus;
}

export interface Coupon {
  id: string;
  code: string;
  name: string;
  kind: 'PERCENT' | 'AMOUNT';
  percentage?: number;
  amount?: string;
  scope: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  productIds: string[];
  collectionIds: string[];
  minimumSubtotal?: string;
  startsAt?: string;
  expiresAt?: string;
  usageLimit?: number;
  perCustomerLimit?: number;
  uses: number;
  active: boolean;
  createdDate: string;
  updatedDate: string;
}

export interface CouponInput {
  code?: string;
  name?: string;
  kind?: 'PERCENT' | 'AMOUNT';
  percentage?: string | number;
  amount?: string | number;
  scope?: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  productIds?: string[];
  collectionIds?: string[];
  minimumSubtotal?: string | number | null;
  startsAt?: string | null;
  expiresAt?: string | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  active?: boolean;
}

export interface GiftCard {
  id: string;
  /** `••••ABCD`: the full code is only in the reply of `issue`. */
  obfuscatedCode: string;
  currency: string;
  initialBalance: string;
  balance: string;
  expiresAt?: string;
  disabled: boolean;
  recipientEmail?: string;
  sourceOrderId?: string;
  createdDate: string;
  updatedDate: string;
}

export interface GiftCardTransaction {
  id: string;
  kind: string;
  amount: string;
  balanceAfter: string;
  orderId?: string;
  createdDate: string;
}

export interface GiftCardInput {
  initialBalance: string | number;
  expiresAt?: string;
  recipientEmail?: string;
  code?: string;
}

export interface ShippingRate {
  code: string;
  title: string;
  kind: 'FLAT' | 'WEIGHT' | 'FREE_OVER';
  amount: string | number;
  perWeightUnit?: string | number;
  freeOverSubtotal?: string | number;
  carrierId?: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  deliveryTimeSlots?: { from: string; to: string }[];
}

export interface ShippingRegion {
  id: string;
  name: string;
  destinations: string[];
  rates: (ShippingRate & { amount: string })[];
  createdDate: string;
  updatedDate: string;
}

export interface ShippingRegionInput {
  name?: string;
  destinations?: string[];
  rates?: ShippingRate[];
}

export interface PickupLocation {
  id: string;
  code: string;
  title: string;
  method: 'STORE_PICKUP' | 'PICKUP_POINT';
  address: Address;
  instructions?: string;
  fee: string;
  createdDate: string;
  updatedDate: string;
}

export interface PickupLocationInput {
  code?: string;
  title?: string;
  method?: 'STORE_PICKUP' | 'PICKUP_POINT';
  address?: Address;
  instructions?: string;
  fee?: string | number;
}

export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';

export interface TaxRegion {
  id: string;
  country: string;
  subdivision?: string;
  county?: string;
  city?: string;
  rates: { jurisdiction: string; jurisdictionType: JurisdictionType; rate: number }[];
  taxShipping: boolean;
  manual: boolean;
  createdDate: string;
  updatedDate: string;
}

export interface TaxRegionInput {
  country?: string;
  subdivision?: string | null;
  county?: string | null;
  city?: string | null;
  rates?: { jurisdiction: string; jurisdictionType: JurisdictionType; rate: string | number }[];
  taxShipping?: boolean;
  manual?: boolean;
}

export interface ExtraCharge {
  type: 'HANDLING_FEE' | 'INSURANCE';
  title: string;
  amount?: string;
  percentage?: number;
}

export interface StoreSettings {
  currency: string;
  weightUnit: 'KG' | 'LB';
  taxCalculation: 'NONE' | 'MANUAL' | 'AUTO';
  pricesIncludeTax: boolean;
  taxableAddressType: 'BUSINESS' | 'BILLING' | 'SHIPPING';
  businessAddress?: Address;
  checkoutHoldMinutes: number;
  extraCharges: ExtraCharge[];
  /**
   * Card payments: AUTOMATIC charges them at checkout; MANUAL only authorizes them, and the merchant
   * captures (`orders.capture`) or releases (`orders.void`) each order's authorization.
   */
  cardCapture: 'AUTOMATIC' | 'MANUAL';
  updatedDate?: string;
  /** Shown in the shop's header, page titles and e-mails. */
  storeName: string;
  /** false: the name is STORE_NAME from the server's environment (the default until the owner sets one). */
  storeNameSet: boolean;
  /** Where shoppers' replies to the store's e-mails go. */
  contactEmail?: string;
  /** A public image of the media library; `url` is absolute. */
  logo?: { mediaId: string; url: string; width?: number; height?: number };
}

export type StoreSettingsInput = Partial<
  Omit<
    StoreSettings,
    'currency' | 'updatedDate' | 'businessAddress' | 'storeName' | 'storeNameSet' | 'contactEmail' | 'logo'
  >
> & {
  businessAddress?: Address | null;
  /** null: back to STORE_NAME. */
  storeName?: string | null;
  /** null: no contact address. */
  contactEmail?: string | null;
  /** A media library id (upload the image with `media.upload(…, { mediaType: 'image' })`); null: no logo. */
  logoMediaId?: string | null;
};

export interface MembershipPlan {
  id: string;
  name: string;
  description: string;
  /** What the plan includes, one short line each. */
  perks: string[];
  /** What buying it costs: a decimal string in the store currency ("0.00": free). */
  price: string;
  /** 1: a member may buy it once; absent: any number of times. */
  maxPurchasesPerBuyer?: number;
  productIds: string[];
  credits?: number;
  durationDays?: number;
  active: boolean;
  createdDate: string;
  updatedDate: string;
}

export interface MembershipPlanInput {
  name?: string;
  description?: string;
  perks?: string[];
  /** A decimal amount in the store currency; "0" for a free plan. */
  price?: string | number;
  /** 1 or null (no limit). */
  maxPurchasesPerBuyer?: 1 | null;
  productIds?: string[];
  credits?: number | null;
  durationDays?: number | null;
  active?: boolean;
}

export interface Membership {
  id: string;
  planId: string;
  planName: string;
  memberId: string;
  /** The plan order that gave it, when bought. */
  orderId?: string;
  expiresAt?: string;
  remainingCredits?: number;
  createdDate: string;
  updatedDate: string;
}
