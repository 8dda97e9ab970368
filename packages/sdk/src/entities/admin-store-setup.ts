// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* The store's set-up: settings, shipping, pickup points and tax regions. Amounts are decimal strings
 * in the store currency ("5.00"; requests also take numbers); rates are percentages ("8.875"). */

import type { RevivePaths } from '../wire.js';

/** The store's settings. */
export interface StoreSettings {
  currency: string;
  weightUnit: 'KG' | 'LB';
  taxCalculation: 'NONE' | 'MANUAL' | 'AUTO';
  pricesIncludeTax: boolean;
  taxableAddressType: 'BUSINESS' | 'BILLING' | 'SHIPPING';
  businessAddress?: StoreAddress;
  checkoutHoldMinutes: number;
  extraCharges: ExtraCharge[];
  /** Card payments: AUTOMATIC charges at checkout; MANUAL only authorizes, the merchant captures or voids */
  cardCapture: 'AUTOMATIC' | 'MANUAL';
  updatedDate?: Date;
  /** Shown in the shop's header, page titles and e-mails */
  storeName: string;
  /** false: the name is STORE_NAME from the environment */
  storeNameSet: boolean;
  /** Where shoppers' replies to the store's e-mails go (Reply-To) */
  contactEmail?: string;
  /** A public image of the media library */
  logo?: {
    mediaId: string;
    /** Absolute URL */
    url: string;
    width?: number;
    height?: number;
  };
}

/** The currency every price is in, and whether (and to what) it may change now. */
export interface StoreCurrency {
  /** ISO 4217 code every price is in */
  currency: string;
  /** True while the currency is STORE_CURRENCY from the environment (not set in the admin) */
  isDefault: boolean;
  /** STORE_CURRENCY */
  defaultCurrency: string;
  /** Decimal places of the currency (USD 2, JPY 0) */
  minorUnits: number;
  /** False once the store has an order */
  changeable: boolean;
  /** Why the currency can no longer change, in words */
  lockedReason?: string;
  /** What the currency may be changed to now: currencies with as many decimal places */
  choices: CurrencyChoice[];
}

/** A currency, named in words. */
export interface CurrencyChoice {
  /** ISO 4217 */
  code: string;
  /** In English, e.g. "Euro" */
  name: string;
}

/** Who takes card payments: the sandbox or Stripe (whose keys stay in the environment). */
export interface PaymentProviderSettings {
  /** SANDBOX: the built-in test card provider (no money moves); STRIPE: real card payments */
  cardProvider: 'SANDBOX' | 'STRIPE';
  /** True while the environment decides (Stripe when its keys are set, else the sandbox) */
  isDefault: boolean;
  /** Whether Stripe's keys are set in the environment */
  stripeConfigured: boolean;
  /** The environment variables Stripe needs (its secrets never pass through the admin) */
  stripeEnvironment: string[];
}

/** SANDBOX or STRIPE; null goes back to the default (Stripe when configured, else the sandbox). */
export type CardProviderInput = null | 'SANDBOX' | 'STRIPE';

/** An address of the store or a pickup point. */
export interface StoreAddress {
  country?: string;
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

/** A fee added to every checkout. */
export interface ExtraCharge {
  type: 'HANDLING_FEE' | 'INSURANCE';
  title: string;
  amount?: string;
  percentage?: number;
}

/** A fee added to every checkout: an amount or a percentage. */
export interface ExtraChargeInput {
  type: 'HANDLING_FEE' | 'INSURANCE';
  title: string;
  amount?: string | number;
  percentage?: string | number;
}

/** Settings to change (leave out what stays; null clears). */
export interface StoreSettingsInput {
  weightUnit?: 'KG' | 'LB';
  taxCalculation?: 'NONE' | 'MANUAL' | 'AUTO';
  pricesIncludeTax?: boolean;
  taxableAddressType?: 'BUSINESS' | 'BILLING' | 'SHIPPING';
  businessAddress?: StoreAddressInput | null;
  checkoutHoldMinutes?: number;
  extraCharges?: ExtraChargeInput[];
  /** Card payments: AUTOMATIC charges at checkout; MANUAL only authorizes, the merchant captures or voids */
  cardCapture?: 'AUTOMATIC' | 'MANUAL';
  /** Shown in the shop, page titles and e-mails; null: STORE_NAME from the environment */
  storeName?: string | null;
  /** Where shoppers' replies to the store's e-mails go (Reply-To); null: none */
  contactEmail?: string | null;
  /** A public image of the media library (upload it first); null: no logo */
  logoMediaId?: string | null;
}

/** An address of the store or a pickup point. */
export interface StoreAddressInput {
  country?: string;
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

/** Destinations and the rates that ship to them. */
export interface ShippingRegion {
  id: string;
  name: string;
  destinations: string[];
  rates: ShippingRate[];
  createdDate: Date;
  updatedDate: Date;
}

/** A way to ship to a region, and its price. */
export interface ShippingRate {
  code: string;
  title: string;
  kind: 'FLAT' | 'WEIGHT' | 'FREE_OVER';
  amount: string;
  perWeightUnit?: string;
  freeOverSubtotal?: string;
  carrierId?: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  deliveryTimeSlots?: {
    from: string;
    to: string;
  }[];
}

/** A new shipping region. */
export interface CreateShippingRegionInput {
  name: string;
  destinations: string[];
  rates?: ShippingRateInput[];
}

/** Changes to a shipping region (`rates` replaces them all). */
export interface ShippingRegionInput {
  name?: string;
  destinations?: string[];
  rates?: ShippingRateInput[];
}

/** A rate of a shipping region. */
export interface ShippingRateInput {
  code: string;
  title: string;
  kind: 'FLAT' | 'WEIGHT' | 'FREE_OVER';
  amount: string | number;
  perWeightUnit?: string | number;
  freeOverSubtotal?: string | number;
  carrierId?: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  deliveryTimeSlots?: {
    from: Date | string;
    to: Date | string;
  }[];
}

/** A place where buyers collect orders. */
export interface PickupLocation {
  id: string;
  code: string;
  title: string;
  method: 'STORE_PICKUP' | 'PICKUP_POINT';
  address: StoreAddress;
  instructions?: string;
  fee: string;
  offeredTo: string[];
  createdDate: Date;
  updatedDate: Date;
}

/** A new pickup location. */
export interface CreatePickupLocationInput {
  code: string;
  title: string;
  method: 'STORE_PICKUP' | 'PICKUP_POINT';
  address: {
    country: string;
    subdivision?: string;
    county?: string;
    city?: string;
    postalCode?: string;
    addressLine?: string;
    addressLine2?: string;
  };
  instructions?: string;
  fee?: string | number;
  /** Whose checkout offers this pickup: buyers with an address in one of these destinations. Empty or absent: buyers in the location's own country. */
  offeredTo?: string[];
}

/** Changes to a pickup location. */
export interface PickupLocationInput {
  code?: string;
  title?: string;
  method?: 'STORE_PICKUP' | 'PICKUP_POINT';
  address?: {
    country: string;
    subdivision?: string;
    county?: string;
    city?: string;
    postalCode?: string;
    addressLine?: string;
    addressLine2?: string;
  };
  instructions?: string;
  fee?: string | number;
  /** Whose checkout offers this pickup: buyers with an address in one of these destinations. Empty or absent: buyers in the location's own country. */
  offeredTo?: string[];
}

/** The tax rates of a place. */
export interface TaxRegion {
  id: string;
  country: string;
  subdivision?: string;
  county?: string;
  city?: string;
  rates: TaxRate[];
  taxShipping: boolean;
  manual: boolean;
  createdDate: Date;
  updatedDate: Date;
}

/** One jurisdiction’s rate, in percent. */
export interface TaxRate {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  rate: number;
}

/** Which level of government a tax rate belongs to. */
export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';

/** One jurisdiction’s rate, in percent. */
export interface TaxRateInput {
  jurisdiction: string;
  jurisdictionType: 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
  rate: string | number;
}

/** A new tax region. */
export interface CreateTaxRegionInput {
  country: string;
  subdivision?: string | null;
  county?: string | null;
  city?: string | null;
  rates?: TaxRateInput[];
  taxShipping?: boolean;
  manual?: boolean;
}

/** Changes to a tax region (`rates` replaces them all). */
export interface TaxRegionInput {
  country?: string;
  subdivision?: string | null;
  county?: string | null;
  city?: string | null;
  rates?: TaxRateInput[];
  taxShipping?: boolean;
  manual?: boolean;
}

/** Wire conversions of {@link StoreSettings}. @internal */
export const STORE_SETTINGS_WIRE: RevivePaths = {
  dates: ['updatedDate'],
  floats: ['checkoutHoldMinutes', 'extraCharges.percentage', 'logo.width', 'logo.height'],
};

/** Wire conversions of {@link ShippingRegion}. @internal */
export const SHIPPING_REGION_WIRE: RevivePaths = {
  dates: ['createdDate', 'updatedDate'],
  floats: ['rates.minDeliveryDays', 'rates.maxDeliveryDays'],
};

/** Wire conversions of {@link PickupLocation}. @internal */
export const PICKUP_LOCATION_WIRE: RevivePaths = { dates: ['createdDate', 'updatedDate'], floats: [] };

/** Wire conversions of {@link TaxRegion}. @internal */
export const TAX_REGION_WIRE: RevivePaths = { dates: ['createdDate', 'updatedDate'], floats: ['rates.rate'] };
