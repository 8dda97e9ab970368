// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Customers: members and guest buyers, their orders, and notes about them. */

import type { RevivePaths } from '../wire.js';

/** Someone the store knows by e-mail: a member (signed up) or a guest who ordered without an account. */
export interface Customer {
  email: string;
  kind: 'MEMBER' | 'GUEST';
  memberId?: string;
  memberStatus?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  phone?: string;
  ordersCount: number;
  /** Money received for their orders: captured payments and gift cards (refunds not taken off); absent for customers without orders */
  totalPaid?: {
    amount: string;
    currency: string;
  };
  /** What refunds gave back of it */
  totalRefunded?: {
    amount: string;
    currency: string;
  };
  /** Paid less refunded: what the store kept */
  totalNet?: {
    amount: string;
    currency: string;
  };
  lastOrderDate?: Date;
  memberSince?: Date;
}

/** An order of a customer, in brief. */
export interface CustomerOrder {
  id: string;
  number: string;
  createdDate: Date;
  total: {
    amount: string;
    currency: string;
  };
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
}

/** A staff member's note about a customer. */
export interface CustomerNote {
  id: string;
  body: string;
  authorId?: string;
  createdDate: Date;
}

/** A customer with their orders and notes. */
export interface CustomerDetails {
  customer: Customer;
  orders: CustomerOrder[];
  notes: CustomerNote[];
}

/** Which customers to list. */
export interface CustomerListParams {
  /** Part of an e-mail address or a first or last name */
  search?: string;
  kind?: 'MEMBER' | 'GUEST';
  /** Page size (default 50) */
  limit?: number;
  /** Items to skip (default 0) */
  offset?: number;
}

/** Which second factors a member has on (never a secret). */
export interface MemberSecondFactors {
  /** An authenticator app (TOTP) is on */
  authenticatorApp: boolean;
  /** Sign-in codes by e-mail are on */
  emailCodes: boolean;
  /** Unused recovery codes of the authenticator app */
  recoveryCodesLeft: number;
}

/** What turning a member's second factors off did. */
export interface SecondFactorsTurnOff {
  /** False when the member had no second factor on: nothing changed and nothing was sent */
  changed: boolean;
  /** The factors that were on and are now off */
  turnedOff: ('TOTP' | 'EMAIL')[];
  recoveryCodesDeleted: number;
  /** Sessions of the member ended (every device signed out) */
  sessionsEnded: number;
  /** What happened, in words for the merchant */
  message: string;
  secondFactors: MemberSecondFactors;
}

/** Wire conversions of {@link Customer}. @internal */
export const CUSTOMER_WIRE: RevivePaths = {
  dates: ['lastOrderDate', 'memberSince'],
  floats: ['ordersCount'],
};

/** Wire conversions of {@link CustomerNote}. @internal */
export const CUSTOMER_NOTE_WIRE: RevivePaths = { dates: ['createdDate'], floats: [] };

/** Wire conversions of {@link CustomerDetails}. @internal */
export const CUSTOMER_DETAILS_WIRE: RevivePaths = {
  dates: ['customer.lastOrderDate', 'customer.memberSince', 'orders.createdDate', 'notes.createdDate'],
  floats: ['customer.ordersCount'],
};
