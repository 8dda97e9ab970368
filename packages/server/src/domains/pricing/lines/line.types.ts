import type { AvailabilityStatus, ItemType, PaymentOption } from '../totals/totals.types.js';

/*
 * The line model shared by carts, checkouts and orders. A line is stored as the buyer asked for it
 * (catalog reference or custom data, quantity); what it costs and whether it can be bought is evaluated
 * against the catalog whenever it is read (lines/evaluate.service.ts).
 */

/** `catalogReference.appId` of catalog products (the stores app id the protocol's clients send). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/**
 * Every app id the platform's clients send for the same catalog: the catalog's id above (its docs, the
 * public packages) and the Stores app's own definition id, which Wix's headless templates send. A line
 * keeps the one it was added with, and every reply echoes it.
 */
export const STORES_APP_IDS: readonly string[] = [STORES_APP_ID, '1380b703-ce81-ff05-f115-39571d94dfcd'];

/**
 * The platform's Pricing Plans app id: a line with it names a membership plan (`catalogItemId` is the
 * plan's id), in a checkout (the headless "Buy now") and in the plan's order (ADR 028).
 */
export const PAID_PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';

export interface CatalogReference {
  appId: string;
  catalogItemId: string;
  options?: Record<string, unknown>;
}

export interface LineImage {
  url: string;
  width?: number;
  height?: number;
  altText?: string;
}

/** A description line: plain text, or a colour (`colorCode`, e.g. "#0000FF") with its name as value. */
export interface DescriptionLine {
  name: string;
  value: string;
  colorCode?: string;
}

/** A line's last evaluation: shown when the product is gone, and the held price in a checkout. */
export interface LineSnapshot {
  name: string;
  priceMinor: number;
  fullPriceMinor: number;
  itemType: ItemType;
  weight?: number;
  sku?: string;
  image?: LineImage;
}

/** A custom line (merchants and apps only): everything about it is given by the caller. */
export interface CustomLineData {
  name: string;
  priceMinor: number;
  fullPriceMinor: number;
  itemType: ItemType;
  weight?: number;
  sku?: string;
  image?: LineImage;
  url?: string;
  descriptionLines?: DescriptionLine[];
  quantityAvailable?: number;
  paymentOption?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';
  taxable?: boolean;
}

/** `serviceProperties` of a line: when the service is given, for how many people. */
export interface ServiceProperties {
  /** ISO 8601. */
  scheduledDate?: string;
  numberOfParticipants?: number;
}

/** `catalogOverrideFields` a merchant set on a catalog line (line-extras.mapper.ts). */
export interface CatalogOverrides {
  name?: string;
  priceMinor?: number;
  fullPriceMinor?: number;
  descriptionLines?: DescriptionLine[];
  weight?: number;
  /** Older rows kept the image as a URL only. */
  imageUrl?: string;
  image?: LineImage;
  paymentOption?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';
  /** The deposit per unit the merchant set on this line (catalogOverrideFields.depositAmount). */
  depositMinor?: number;
}

export interface StoredLine {
  id: string;
  quantity: number;
  /** Catalog lines: the reference as sent (echoed back), and what it resolved to (the merge key). */
  catalogReference?: CatalogReference;
  productId?: string;
  variantId?: string;
  subscriptionPlanId?: string;
  /** A Pricing Plans line: the membership plan it buys (lines/plan-lines.rules.ts). */
  pricingPlanId?: string;
  custom?: CustomLineData;
  snapshot?: LineSnapshot;
  service?: ServiceProperties;
  /** ISO 8601: when the subscription starts (else when the order is placed). */
  subscriptionStartDate?: string;
  overrides?: CatalogOverrides;
}

/** A line as evaluated now: what every wire shape and the totals engine are built from. */
export interface LineView {
  id: string;
  quantity: number;
  custom: boolean;
  catalogReference?: CatalogReference;
  productId?: string;
  variantId?: string;
  /** A Pricing Plans line: the membership plan it buys. */
  pricingPlanId?: string;
  /** Only a member may buy the line (a plan): the platform's `membersOnly`. */
  membersOnly?: boolean;
  /** The quantity cannot change (a plan is bought once per line): the platform's `fixedQuantity`. */
  fixedQuantity?: boolean;
  collectionIds: string[];
  name: string;
  /** What one unit costs the buyer (catalog discounted price, or the held price in a checkout). */
  unitPriceMinor: number;
  fullUnitPriceMinor: number;
  itemType: ItemType;
  weight: number;
  sku?: string;
  image?: LineImage;
  url?: { relativePath: string; url: string };
  descriptionLines: DescriptionLine[];
  availability: { status: AvailabilityStatus; quantityAvailable?: number };
  paymentOption: PaymentOption;
  /** DEPOSIT_ONLINE lines: what one unit costs now (the rest is paid later). */
  depositUnitMinor?: number;
  taxable: boolean;
  subscription?: {
    planId: string;
    title: string;
    description?: string;
    frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
    interval: number;
    billingCycles: number;
    startDate?: string;
  };
  digitalFileIds: string[];
  service?: ServiceProperties;
  overrides?: CatalogOverrides;
}
