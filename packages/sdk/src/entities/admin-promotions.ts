// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Coupons, gift cards, membership plans and memberships. */

import type { RevivePaths } from '../wire.js';

/** A discount code. */
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
  startsAt?: Date;
  expiresAt?: Date;
  usageLimit?: number;
  perCustomerLimit?: number;
  uses: number;
  active: boolean;
  createdDate: Date;
  updatedDate: Date;
}

/** A new coupon. */
export interface CreateCouponInput {
  code: string;
  name: string;
  kind: 'PERCENT' | 'AMOUNT';
  percentage?: string | number;
  amount?: string | number;
  scope?: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  productIds?: string[];
  collectionIds?: string[];
  minimumSubtotal?: string | number | null;
  startsAt?: Date | string | null;
  expiresAt?: Date | string | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  active?: boolean;
}

/** Changes to a coupon (null clears). */
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
  startsAt?: Date | string | null;
  expiresAt?: Date | string | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  active?: boolean;
}

/** A page of coupons or gift cards; `code` finds the one with that code. */
export interface CodeListParams {
  /** Page size (default 50) */
  limit?: number;
  /** Items to skip (default 0) */
  offset?: number;
  code?: string;
}

/** A gift card (its code obfuscated). */
export interface GiftCard {
  id: string;
  /** `••••ABCD`: the full code is only in the reply that issued the card */
  obfuscatedCode: string;
  currency: string;
  initialBalance: string;
  balance: string;
  expiresAt?: Date;
  disabled: boolean;
  recipientEmail?: string;
  sourceOrderId?: string;
  createdDate: Date;
  updatedDate: Date;
}

/** A change of a gift card’s balance. */
export interface GiftCardTransaction {
  id: string;
  kind: string;
  amount: string;
  balanceAfter: string;
  orderId?: string;
  createdDate: Date;
}

/** A gift card and its balance changes. */
export interface GiftCardDetails {
  giftCard: GiftCard;
  transactions?: GiftCardTransaction[];
}

/** A gift card to issue. */
export interface GiftCardInput {
  initialBalance: string | number;
  expiresAt?: Date | string;
  recipientEmail?: string;
  code?: string;
}

/** A new gift card and its full code (shown this once). */
export interface IssuedGiftCard {
  giftCard: GiftCard;
  /** The full code. Shown once: hand it to the recipient now. */
  code: string;
}

/** A plan members buy or are given: credits, a duration, the products it pays for. */
export interface MembershipPlan {
  id: string;
  name: string;
  description: string;
  /** What the plan includes, one short line each */
  perks: string[];
  /** Decimal amount in STORE_CURRENCY ("0.00": free) */
  price: string;
  /** 1: a member may buy the plan once; absent: any number of times */
  maxPurchasesPerBuyer?: number;
  productIds: string[];
  credits?: number;
  durationDays?: number;
  chargedOffline: boolean;
  buyerCanCancel: boolean;
  active: boolean;
  createdDate: Date;
  updatedDate: Date;
}

/** A new membership plan. */
export interface CreateMembershipPlanInput {
  name: string;
  description?: string;
  /** What the plan includes, one short line each */
  perks?: string[];
  price?: string | number;
  /** 1: a member may buy the plan once; null: any number of times (as the platform allows) */
  maxPurchasesPerBuyer?: number | null;
  productIds?: string[];
  credits?: number | null;
  durationDays?: number | null;
  /** MEMBERSHIP_OFFLINE: lines it pays are redeemed by hand (lower the credits); orders do not use its credits */
  chargedOffline?: boolean;
  /** A member may cancel their own order of the plan: the membership ends at once, nothing is refunded (default false) */
  buyerCanCancel?: boolean;
  active?: boolean;
}

/** Changes to a membership plan (null clears). */
export interface MembershipPlanInput {
  name?: string;
  description?: string;
  /** What the plan includes, one short line each */
  perks?: string[];
  price?: string | number;
  /** 1: a member may buy the plan once; null: any number of times (as the platform allows) */
  maxPurchasesPerBuyer?: number | null;
  productIds?: string[];
  credits?: number | null;
  durationDays?: number | null;
  /** MEMBERSHIP_OFFLINE: lines it pays are redeemed by hand (lower the credits); orders do not use its credits */
  chargedOffline?: boolean;
  /** A member may cancel their own order of the plan: the membership ends at once, nothing is refunded (default false) */
  buyerCanCancel?: boolean;
  active?: boolean;
}

/** A member's membership of a plan. */
export interface Membership {
  id: string;
  planId: string;
  planName: string;
  memberId: string;
  /** The plan order that gave it, when bought */
  orderId?: string;
  expiresAt?: Date;
  remainingCredits?: number;
  createdDate: Date;
  updatedDate: Date;
}

/** Wire conversions of {@link Coupon}. @internal */
export const COUPON_WIRE: RevivePaths = {
  dates: ['startsAt', 'expiresAt', 'createdDate', 'updatedDate'],
  floats: ['percentage', 'usageLimit', 'perCustomerLimit', 'uses'],
};

/** Wire conversions of {@link GiftCard}. @internal */
export const GIFT_CARD_WIRE: RevivePaths = { dates: ['expiresAt', 'createdDate', 'updatedDate'], floats: [] };

/** Wire conversions of {@link GiftCardDetails}. @internal */
export const GIFT_CARD_DETAILS_WIRE: RevivePaths = {
  dates: ['giftCard.expiresAt', 'giftCard.createdDate', 'giftCard.updatedDate', 'transactions.createdDate'],
  floats: [],
};

/** Wire conversions of {@link IssuedGiftCard}. @internal */
export const ISSUED_GIFT_CARD_WIRE: RevivePaths = {
  dates: ['giftCard.expiresAt', 'giftCard.createdDate', 'giftCard.updatedDate'],
  floats: [],
};

/** Wire conversions of {@link MembershipPlan}. @internal */
export const MEMBERSHIP_PLAN_WIRE: RevivePaths = {
  dates: ['createdDate', 'updatedDate'],
  floats: ['maxPurchasesPerBuyer', 'credits', 'durationDays'],
};

/** Wire conversions of {@link Membership}. @internal */
export const MEMBERSHIP_WIRE: RevivePaths = {
  dates: ['expiresAt', 'createdDate', 'updatedDate'],
  floats: ['remainingCredits'],
};
