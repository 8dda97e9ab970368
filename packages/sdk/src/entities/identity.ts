// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Redirect sessions, hosted pages, captcha and member identity. */

import type { RevivePaths } from '../wire.js';

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

/** A hosted page's flow: what the app's redirect session asked for, and the verified ways back. */
export interface HostedFlow {
  /** Put in the page URL as `flow` after the hand-over */
  id: string;
  /** `ecomCheckout`, `login`, `storesProduct`, … */
  kind: string;
  /** postFlowUrl, thankYouPageUrl, cartPageUrl, loginUrl, … as verified for the app */
  callbacks: Record<string, string>;
  checkoutId?: string;
  productSlug?: string;
  planId?: string;
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
        formattedAddress?: string;
        geocode?: {
          latitude?: number;
          longitude?: number;
        };
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

/** Where to send the browser. */
export interface CreateRedirectSessionOptions {
  bookingsCheckout?: Record<string, unknown>;
  ecomCheckout?: {
    checkoutId?: string | null;
  };
  eventsCheckout?: Record<string, unknown>;
  paidPlansCheckout?: {
    planId?: string | null;
    checkoutData?: string | null;
  };
  login?: Record<string, never>;
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
  memberAccountPage?: {
    /** Default ACCOUNT_INFO; BOOKINGS and EVENTS are refused (this store has neither) */
    section?: 'ACCOUNT_INFO' | 'BOOKINGS' | 'ORDERS' | 'SUBSCRIPTIONS' | 'EVENTS' | null;
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
      formattedAddress?: string | null;
      geocode?: {
        latitude?: number;
        longitude?: number;
      };
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

/** Wire conversions of {@link Identity}. @internal */
export const IDENTITY_WIRE: RevivePaths = {
  dates: ['createdDate', 'updatedDate', 'identityProfile.customFields.value.dateValue'],
  floats: [
    'identityProfile.addresses.address.geocode.latitude',
    'identityProfile.addresses.address.geocode.longitude',
    'identityProfile.customFields.value.numValue',
  ],
};
