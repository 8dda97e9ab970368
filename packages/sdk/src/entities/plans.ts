// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Paid plans on sale, buying one, memberships, and communication preferences. */

import type { RevivePaths } from '../wire.js';
import type { Money } from './common.js';
import type { PaymentMethodInput } from './orders.js';

/** A plan on sale: its price and what it includes. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  /** What the plan includes, one short line each */
  perks: string[];
  price: Money;
  /** Items a membership can pay for at checkout; absent: unlimited */
  credits?: number;
  /** How long a membership lasts; absent: no end */
  durationDays?: number;
  /** Products a membership pays for at checkout */
  productIds: string[];
  /** 1: a member may buy it once */
  maxPurchasesPerBuyer?: number;
  createdDate: Date;
  updatedDate: Date;
}

/** The order a plan purchase became. */
export interface PlanPurchase {
  orderId: string;
  /** The same id: a plan order is an order */
  planOrderId: string;
  paymentStatus: string;
  /** Granted once the order is paid (absent while it waits for payment) */
  membershipId?: string;
}

/** One of the member's memberships. */
export interface PlanMembership {
  id: string;
  planId: string;
  planName: string;
  orderId?: string;
  expiresAt?: Date;
  /** Absent: unlimited */
  remainingCredits?: number;
  createdDate: Date;
}

/** A shopper's marketing e-mail opt-in and cookie consent. */
export interface Preferences {
  marketingEmails: {
    /** The shopper agreed to receive marketing e-mails */
    optIn: boolean;
  };
  cookieConsent: {
    /** Analytics cookies allowed */
    analytics: boolean;
    /** Marketing (advertising) cookies allowed */
    marketing: boolean;
  };
  /** Last saved; absent: never saved (all off) */
  updatedDate?: Date;
}

/** How to pay for a plan. */
export interface PurchasePlanOptions {
  paymentMethod?: PaymentMethodInput;
  /** Where the order e-mail goes; default: the member's login e-mail */
  buyerEmail?: string;
  /** The same key again returns the first purchase instead of buying twice */
  idempotencyKey?: string;
}

/** Choices to change (leave out what stays). */
export interface PreferencesInput {
  marketingEmails?: {
    optIn: boolean;
  };
  cookieConsent?: {
    analytics?: boolean;
    marketing?: boolean;
  };
}

/** Wire conversions of {@link Plan}. @internal */
export const PLAN_WIRE: RevivePaths = {
  dates: ['createdDate', 'updatedDate'],
  floats: ['credits', 'durationDays', 'maxPurchasesPerBuyer'],
};

/** Wire conversions of {@link PlanMembership}. @internal */
export const PLAN_MEMBERSHIP_WIRE: RevivePaths = {
  dates: ['expiresAt', 'createdDate'],
  floats: ['remainingCredits'],
};

/** Wire conversions of {@link Preferences}. @internal */
export const PREFERENCES_WIRE: RevivePaths = { dates: ['updatedDate'], floats: [] };
