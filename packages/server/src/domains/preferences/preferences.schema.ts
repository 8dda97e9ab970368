import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { entityDates } from '../../db/columns.js';

/**
 * A shopper's communication preferences: one row per visitor or member (`member:<id>` / `visitor:<id>`),
 * a fixed set of choices — so each shopper's store is bounded by construction. A visitor's row moves to
 * the member they become (visitor → member hook).
 */
export const shopperPreferences = pgTable('shopper_preferences', {
  ownerKey: text('owner_key').primaryKey(),
  /** Marketing e-mails: only with an explicit opt-in. */
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  /** Cookie consent per purpose; strictly necessary cookies need none. */
  analyticsCookies: boolean('analytics_cookies').notNull().default(false),
  marketingCookies: boolean('marketing_cookies').notNull().default(false),
  ...entityDates(),
});
