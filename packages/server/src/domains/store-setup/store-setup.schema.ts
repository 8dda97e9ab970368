import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, idColumn, timestampColumn } from '../../db/columns.js';
import type {
  Address,
  ChargeType,
  JurisdictionType,
  PickupMethod,
  TaxableAddressType,
  WeightUnit,
} from './setup.types.js';

const money = (name: string) => bigint(name, { mode: 'number' });

export const TAX_CALCULATIONS = ['NONE', 'MANUAL', 'AUTO'] as const;
export type TaxCalculation = (typeof TAX_CALCULATIONS)[number];

export interface StoredExtraCharge {
  type: ChargeType;
  title: string;
  amountMinor?: number;
  /** Rate of the discounted subtotal, ppm. */
  ppm?: number;
}

export const CARD_CAPTURES = ['AUTOMATIC', 'MANUAL'] as const;
export type CardCapture = (typeof CARD_CAPTURES)[number];

/** Which gateway takes the store's card payments (the built-in sandbox, or Stripe with its env keys). */
export const CARD_PROVIDERS = ['SANDBOX', 'STRIPE'] as const;
export type CardProviderChoice = (typeof CARD_PROVIDERS)[number];

/** The store's own settings: exactly one row (`id = 'store'`), created with defaults on first read. */
export const storeSettings = pgTable('store_settings', {
  id: text('id').primaryKey(),
  weightUnit: text('weight_unit').$type<WeightUnit>().notNull().default('KG'),
  taxCalculation: text('tax_calculation').$type<TaxCalculation>().notNull().default('MANUAL'),
  pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  taxableAddressType: text('taxable_address_type').$type<TaxableAddressType>().notNull().default('SHIPPING'),
  businessAddress: jsonb('business_address').$type<Address>(),
  /** How long a checkout holds its prices (ADR 010). */
  checkoutHoldMinutes: integer('checkout_hold_minutes').notNull().default(30),
  extraCharges: jsonb('extra_charges').$type<StoredExtraCharge[]>().notNull().default([]),
  /**
   * The store's secret HMAC key (random, made with the row, never shown): signs digital download links
   * and derives the codes of gift cards bought as products (so a lost e-mail can be sent again).
   */
  signingKey: text('signing_key').notNull(),
  /** The store's name, logo (a public image of the media library) and contact e-mail; null: the default. */
  storeName: text('store_name'),
  logoMediaId: text('logo_media_id'),
  contactEmail: text('contact_email'),
  /**
   * Card payments: AUTOMATIC charges at checkout; MANUAL only authorizes (the protocol's delayCapture)
   * and the merchant captures or voids from the order (ADR 035 addendum).
   */
  cardCapture: text('card_capture').$type<CardCapture>().notNull().default('AUTOMATIC'),
  /**
   * ISO 4217 code every catalog price is in (minor units of it); null: STORE_CURRENCY. Changed only
   * before the first order, and only to a currency with as many minor units (ADR 050).
   */
  currency: text('currency'),
  /** Who takes card payments; null: Stripe when its keys are in the environment, else the sandbox. */
  cardProvider: text('card_provider').$type<CardProviderChoice>(),
  ...entityDates(),
});

export const SHIPPING_RATE_KINDS = ['FLAT', 'WEIGHT', 'FREE_OVER'] as const;

export interface StoredShippingRate {
  code: string;
  title: string;
  kind: (typeof SHIPPING_RATE_KINDS)[number];
  amountMinor: number;
  perWeightUnitMinor?: number;
  freeOverSubtotalMinor?: number;
  carrierId?: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  /** RFC 3339 strings. */
  deliveryTimeSlots?: { from: string; to: string }[];
}

/** Where the store delivers and at what rates (destinations: "US", "US-NY" or "*"). */
export const shippingRegions = pgTable('shipping_regions', {
  id: idColumn(),
  name: text('name').notNull(),
  destinations: text('destinations').array().notNull(),
  rates: jsonb('rates').$type<StoredShippingRate[]>().notNull().default([]),
  ...entityDates(),
});

export const pickupLocations = pgTable(
  'pickup_locations',
  {
    id: idColumn(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    method: text('method').$type<PickupMethod>().notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    instructions: text('instructions'),
    feeMinor: money('fee_minor').notNull().default(0),
    /** Destinations whose buyers are offered this pickup; empty: its own country (ADR 047). */
    offeredTo: text('offered_to').array().notNull().default([]),
    ...entityDates(),
  },
  (table) => [uniqueIndex('pickup_locations_code_idx').on(table.code)],
);

export interface StoredTaxRate {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  ppm: number;
}

export const taxRegions = pgTable(
  'tax_regions',
  {
    id: idColumn(),
    country: text('country').notNull(),
    subdivision: text('subdivision'),
    county: text('county'),
    city: text('city'),
    rates: jsonb('rates').$type<StoredTaxRate[]>().notNull().default([]),
    taxShipping: boolean('tax_shipping').notNull().default(false),
    /** Use these rates even when the store calculates tax automatically. */
    manual: boolean('manual').notNull().default(false),
    ...entityDates(),
  },
  (table) => [index('tax_regions_country_idx').on(table.country)],
);

export const COUPON_KINDS = ['PERCENT', 'AMOUNT'] as const;
export const COUPON_SCOPES = ['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING'] as const;

/**
 * Coupons. `uses` is counted when an order is created, with a guarded UPDATE (never past `usage_limit`);
 * per-customer limits count `coupon_redemptions` under the same row lock.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<(typeof COUPON_KINDS)[number]>().notNull(),
    /** PERCENT: rate in ppm. */
    ppm: integer('ppm'),
    /** AMOUNT: minor units of the store currency. */
    amountMinor: money('amount_minor'),
    scope: text('scope').$type<(typeof COUPON_SCOPES)[number]>().notNull().default('GLOBAL'),
    productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
    collectionIds: text('collection_ids').array().notNull().default(sql`'{}'::text[]`),
    minimumSubtotalMinor: money('minimum_subtotal_minor'),
    startsAt: timestampColumn('starts_at'),
    expiresAt: timestampColumn('expires_at'),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...entityDates(),
  },
  (table) => [uniqueIndex('coupons_code_idx').on(sql`lower(${table.code})`)],
);

/** One row per order that used a coupon: the per-customer limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    /** `member:<id>`, `visitor:<id>` or `email:<address>`. */
    customerKey: text('customer_key').notNull(),
    ...entityDates(),
  },
  (table) => [
    index('coupon_redemptions_customer_idx').on(table.couponId, table.customerKey),
    uniqueIndex('coupon_redemptions_order_idx').on(table.couponId, table.orderId),
  ],
);

/**
 * Gift cards. The code is a secret: only its SHA-256 (for lookup) and last four characters (for display)
 * are stored. Redemptions are a guarded UPDATE (`balance >= amount`), so the balance never goes negative.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: idColumn(),
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    currency: text('currency').notNull(),
    initialBalanceMinor: money('initial_balance_minor').notNull(),
    balanceMinor: money('balance_minor').notNull(),
    expiresAt: timestampColumn('expires_at'),
    disabledAt: timestampColumn('disabled_at'),
    recipientEmail: text('recipient_email'),
    /** The order that bought it, for gift cards sold as products. */
    sourceOrderId: text('source_order_id'),
    sourceLineItemId: text('source_line_item_id'),
    /** Which of the line's cards (a line of quantity 3 issues cards 0, 1 and 2). */
    sourceSequence: integer('source_sequence'),
    ...entityDates(),
  },
  (table) => [
    uniqueIndex('gift_cards_code_hash_idx').on(table.codeHash),
    uniqueIndex('gift_cards_source_idx').on(
      table.sourceOrderId,
      table.sourceLineItemId,
      table.sourceSequence,
    ),
  ],
);

export const GIFT_CARD_TRANSACTION_KINDS = ['ISSUE', 'REDEEM', 'REFUND', 'DISABLE'] as const;

/** The gift-card ledger: every balance change, signed (redemptions negative). */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: idColumn(),
    giftCardId: text('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof GIFT_CARD_TRANSACTION_KINDS)[number]>().notNull(),
    amountMinor: money('amount_minor').notNull(),
    balanceAfterMinor: money('balance_after_minor').notNull(),
    orderId: text('order_id'),
    ...entityDates(),
  },
  (table) => [index('gift_card_transactions_card_idx').on(table.giftCardId)],
);

/**
 * A plan members hold memberships of. Shoppers buy one on the plan checkout (domains/plans): its price is
 * what that order charges (0: a free plan); `maxPurchasesPerBuyer` 1 sells it once per member (the
 * platform's Pricing Plans field, which also allows only empty or 1).
 */
export const membershipPlans = pgTable('membership_plans', {
  id: idColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** What the plan includes, one short line each, as the plans page lists them. */
  perks: text('perks').array().notNull().default(sql`'{}'::text[]`),
  priceMinor: money('price_minor').notNull().default(0),
  /** 1: a member may buy it once (refunded or canceled orders do not count); null: any number of times. */
  maxPurchasesPerBuyer: integer('max_purchases_per_buyer'),
  /** Products the plan pays for. */
  productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
  /** Units a membership of this plan can pay for; null: unlimited. */
  credits: integer('credits'),
  /** Length of a membership in days; null: no expiry. */
  durationDays: integer('duration_days'),
  /**
   * The protocol's MEMBERSHIP_OFFLINE: lines it pays for are redeemed by hand in the dashboard (the
   * merchant lowers the membership's credits), so an order does not use its credits itself.
   */
  chargedOffline: boolean('charged_offline').notNull().default(false),
  /**
   * A member may cancel their own order of the plan (the platform's `buyerCanCancel`, off unless the
   * store allows it): the membership ends at once, nothing is refunded.
   */
  buyerCanCancel: boolean('buyer_can_cancel').notNull().default(false),
  active: boolean('active').notNull().default(true),
  ...entityDates(),
});

/** A member's membership of a plan; credits are consumed when an order is created. */
export const memberships = pgTable(
  'memberships',
  {
    id: idColumn(),
    planId: text('plan_id')
      .notNull()
      .references(() => membershipPlans.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    /** The plan order that gave it (bought on the plan checkout); null when a merchant granted it. */
    orderId: text('order_id'),
    expiresAt: timestampColumn('expires_at'),
    remainingCredits: integer('remaining_credits'),
    ...entityDates(),
  },
  (table) => [
    index('memberships_member_idx').on(table.memberId),
    // One membership per plan order, however often the grant runs (it is retried as an event consumer).
    uniqueIndex('memberships_order_idx').on(table.orderId).where(sql`order_id IS NOT NULL`),
  ],
);
