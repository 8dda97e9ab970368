import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';

export const MERCHANT_ROLES = ['owner', 'staff', 'app'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

/**
 * Merchant API keys. The secret is shown once at creation and only its SHA-256 is kept: keys are 240-bit
 * random strings, so a fast hash is safe (no dictionary to attack) and keeps per-request checks cheap.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    /** Public part of the key (`osk_<publicId>_<secret>`), used to find the row without scanning. */
    publicId: text('public_id').notNull().unique(),
    name: text('name').notNull(),
    role: text('role').notNull().$type<MerchantRole>(),
    secretHash: text('secret_hash').notNull(),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    lastUsedDate: timestampColumn('last_used_date'),
    revokedDate: timestampColumn('revoked_date'),
  },
  (table) => [index('api_keys_role_idx').on(table.role)],
);
