import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, idColumn } from '../../db/columns.js';
import type { AddressWithContact, StoredLine, StoredMerchantDiscount } from '../pricing/index.js';

/**
 * Current carts: one per shopper identity (`owner_key` = `visitor:<id>` or `member:<id>`, unique), so
 * two racing first adds end in one cart. Lines live in the row: every change locks the row and rewrites
 * them, which keeps a cart change to one lock and one write.
 */
export const carts = pgTable(
  'carts',
  {
    id: idColumn(),
    ownerKey: text('owner_key').notNull(),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    lines: jsonb('lines').$type<StoredLine[]>().notNull().default([]),
    buyerNote: text('buyer_note'),
    contactInfo: jsonb('contact_info').$type<AddressWithContact>(),
    couponId: text('coupon_id'),
    selectedShippingCode: text('selected_shipping_code'),
    overrideCheckoutUrl: text('override_checkout_url'),
    /** Discounts the store granted on this cart (merchant and app keys, by cart id); carried to its checkout. */
    merchantDiscounts: jsonb('merchant_discounts').$type<StoredMerchantDiscount[]>().notNull().default([]),
    /** The last checkout created from this cart. */
    checkoutId: text('checkout_id'),
    version: integer('version').notNull().default(1),
    ...entityDates(),
  },
  (table) => [
    uniqueIndex('carts_owner_key_idx').on(table.ownerKey),
    index('carts_updated_date_idx').on(table.updatedDate),
  ],
);
