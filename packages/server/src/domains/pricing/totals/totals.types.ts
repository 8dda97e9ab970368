/*
 * Inputs and outputs of the totals engine: the one calculation used by cart estimates, checkouts and
 * orders (issue 5). All amounts are integer minor units of one currency; all rates are ppm (lib/ratio.ts).
 */

import type {
  Address,
  ChargeType,
  JurisdictionType,
  MembershipInput,
  PickupMethod,
  ShippingSetup,
  TaxSetup,
  WeightUnit,
} from '../../store-setup/index.js';

// The store's rules as the engine reads them are the store set-up's shapes (it owns and writes them).
export type {
  Address,
  ShippingRate,
  ShippingRegion,
  ShippingSetup,
  TaxProvider,
  TaxRate,
  TaxRegion,
  TaxSetup,
} from '../../store-setup/index.js';

export const ITEM_TYPES = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const PAYMENT_OPTIONS = [
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
export const AVAILABILITY_STATUSES = [
  'AVAILABLE',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'PARTIALLY_AVAILABLE',
] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export type DiscountScope = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
export type DiscountKind = 'AMOUNT' | 'PERCENT';
export type TaxRateType = 'NO_TAX_COLLECTED' | 'MANUAL_RATE' | 'AUTO_RATE' | 'FALLBACK_RATE';
export type ManualCalculationReason = 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL';
export type FallbackReason = 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED';

export interface TotalsLine {
  id: string;
  quantity: number;
  itemType: ItemType;
  /** What one unit costs before cart-level discounts (the catalog's discounted price). */
  unitPrice: number;
  /** The catalog's list price of one unit (before the product's own discount). */
  fullUnitPrice: number;
  /** Weight of one unit in the store's weight unit. */
  unitWeight: number;
  productId?: string;
  collectionIds?: string[];
  availability: { status: AvailabilityStatus; quantityAvailable?: number };
  /** Pay offline (e.g. cash on pickup) or a deposit now (`depositUnitAmount` per unit); default: in full online. */
  paymentOption?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE' | 'DEPOSIT_ONLINE';
  depositUnitAmount?: number;
  taxable?: boolean;
}

export interface MerchantDiscountInput {
  /** Fixed amount off, or… */
  amount?: number;
  /** …a rate off, in ppm. */
  ppm?: number;
  /** Lines it applies to; all lines when absent. */
  lineItemIds?: string[];
}

export interface CouponInput {
  id: string;
  code: string;
  name: string;
  scope: DiscountScope;
  kind: DiscountKind;
  amount?: number;
  ppm?: number;
  /** For SPECIFIC_ITEMS: the products or collections the coupon applies to. */
  productIds?: string[];
  collectionIds?: string[];
  minimumSubtotal?: number;
}

export interface GiftCardInput {
  code: string;
  balance: number;
  currency: string;
}

export interface TotalsInput {
  currency: string;
  weightUnit: WeightUnit;
  lines: TotalsLine[];
  merchantDiscounts?: MerchantDiscountInput[];
  coupon?: CouponInput;
  giftCard?: GiftCardInput;
  memberships?: MembershipInput[];
  /** Which membership pays for which lines, as the buyer chose. */
  selectedMemberships?: { id: string; lineItemIds: string[] }[];
  shippingAddress?: Address;
  billingAddress?: Address;
  /** Code of a shipping rate or pickup location; when absent, the cheapest delivery (else pickup). */
  selectedShippingOption?: string;
  shipping: ShippingSetup;
  tax: TaxSetup;
  calculateTax?: boolean;
  calculateShipping?: boolean;
  /** false: no extra charges (handling, insurance) in these totals. */
  calculateAdditionalFees?: boolean;
  now: Date;
}

export type Severity = 'WARNING' | 'ERROR';

export interface Violation {
  severity: Severity;
  /** Stable reason, e.g. LINE_OUT_OF_STOCK, COUPON_MINIMUM_NOT_MET. */
  code: string;
  description: string;
  lineItemId?: string;
  suggestedFix?: 'REMOVE_LINE_ITEM';
}

export interface TaxBreakdown {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  ppm: number;
  taxableAmount: number;
  taxAmount: number;
}

export interface LineTotals {
  id: string;
  quantity: number;
  /** False for lines that cannot be bought now (not found / not available): they count for nothing. */
  included: boolean;
  unitPrice: number;
  fullUnitPrice: number;
  /** unitPrice × quantity. */
  subtotal: number;
  /** Cart-level discounts (merchant, coupon) on this line. */
  discount: number;
  taxableAmount: number;
  tax: number;
  taxRateType: TaxRateType;
  taxPpm: number;
  taxBreakdown: TaxBreakdown[];
  /** What this line costs after discounts, tax included. */
  total: number;
  paymentOption: PaymentOption;
  payNow: number;
  payLater: number;
  membershipId?: string;
}

export interface AppliedDiscount {
  scope: DiscountScope;
  kind: DiscountKind;
  amount: number;
  coupon?: { id: string; code: string; name: string };
  merchantDiscount?: { ppm?: number };
  lineItemIds: string[];
}

export interface ShippingOption {
  code: string;
  title: string;
  carrierId: string;
  cost: number;
  pickup?: { method: PickupMethod; address: Address; instructions?: string };
  deliveryTime?: string;
  /** Options of a rate with delivery slots are one per slot (code: shipping.rules.ts slotCode). */
  deliveryTimeSlot?: { from: Date; to: Date };
}

export interface Totals {
  currency: string;
  weightUnit: WeightUnit;
  totalWeight: number;
  lines: LineTotals[];
  priceSummary: {
    subtotal: number;
    discount: number;
    shipping: number;
    additionalFees: number;
    tax: number;
    total: number;
  };
  appliedDiscounts: AppliedDiscount[];
  shipping: {
    required: boolean;
    regionId?: string;
    options: ShippingOption[];
    selected?: ShippingOption;
    cost: number;
    discount: number;
  };
  additionalFees: { type: ChargeType; title: string; amount: number }[];
  tax: {
    pricesIncludeTax: boolean;
    rateType: TaxRateType;
    manualReason?: ManualCalculationReason;
    fallbackReason?: FallbackReason;
    breakdown: TaxBreakdown[];
    shippingTax: number;
    /** Combined rate and per-jurisdiction split of the shipping tax. */
    shippingPpm: number;
    shippingBreakdown: TaxBreakdown[];
  };
  giftCard?: { code: string; appliedAmount: number; remainingBalance: number };
  membershipOptions: {
    eligible: { id: string; name: string; expirationDate?: Date; lineItemIds: string[] }[];
    invalid: { id: string; name: string; expirationDate?: Date; reason: string }[];
    selected: { id: string; lineItemIds: string[] }[];
  };
  payNow: number;
  payLater: number;
  violations: Violation[];
}
