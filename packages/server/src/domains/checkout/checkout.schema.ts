import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, idColumn, timestampColumn } from '../../db/columns.js';
import type { PaymentSelection } from '../payments/index.js';
import type { AddressWithContact, StoredLine, StoredMerchantDiscount } from '../pricing/index.js';

export const CHANNEL_TYPES = [
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export interface CustomField {
  title: string;
  translatedTitle?: string;
  value: unknown;
}

/**
 * Checkouts. Lines carry the prices held for the buyer until `hold_expires_at` (ADR 010); the owner is
 * the visitor or member who created it (none for merchant-created checkouts: then the id is the
 * capability). A completed checkout (`completed`) accepts no further changes.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    cartId: text('cart_id'),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    channelType: text('channel_type').$type<ChannelType>().notNull().default('WEB'),
    lines: jsonb('lines').$type<StoredLine[]>().notNull().default([]),
    buyerEmail: text('buyer_email'),
    buyerNote: text('buyer_note'),
    billingInfo: jsonb('billing_info').$type<AddressWithContact>(),
    shippingDestination: jsonb('shipping_destination').$type<AddressWithContact>(),
    selectedShippingCode: text('selected_shipping_code'),
    couponId: text('coupon_id'),
    giftCardId: text('gift_card_id'),
    merchantDiscounts: jsonb('merchant_discounts').$type<StoredMerchantDiscount[]>().notNull().default([]),
    selectedMemberships: jsonb('selected_memberships')
      .$type<{ id: string; lineItemIds: string[] }[]>()
      .notNull()
      .default([]),
    customFields: jsonb('custom_fields').$type<CustomField[]>().notNull().default([]),
    overrideCheckoutUrl: text('override_checkout_url'),
    paymentSelection: jsonb('payment_selection').$type<PaymentSelection>(),
    holdExpiresAt: timestampColumn('hold_expires_at').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedDate: timestampColumn('completed_date'),
    orderId: text('order_id'),
    ...entityDates(),
  },
  (table) => [
    index('checkouts_cart_id_idx').on(table.cartId, table.createdDate),
    uniqueIndex('checkouts_order_id_idx').on(table.orderId),
  ],
);
