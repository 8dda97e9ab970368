import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';

export const REDIRECT_KINDS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'callbacks',
  'preferences',
  'memberAccountPage',
] as const;
export type RedirectKind = (typeof REDIRECT_KINDS)[number];

/** The members account's sections (spec enumerations; the platform's MembersAccountSection). */
export const MEMBER_ACCOUNT_SECTIONS = [
  'ACCOUNT_INFO',
  'BOOKINGS',
  'ORDERS',
  'SUBSCRIPTIONS',
  'EVENTS',
] as const;
export type MemberAccountSection = (typeof MEMBER_ACCOUNT_SECTIONS)[number];

/**
 * A hand-over from a headless client to one of our hosted pages (spec §2): who asked (visitor/member and
 * their session, so the page can keep the identity), where to go, and where to come back to.
 */
export const redirectSessions = pgTable(
  'redirect_sessions',
  {
    id: idColumn(),
    /** Short code for `/r/{shortId}` links. */
    shortId: text('short_id').notNull(),
    kind: text('kind').notNull().$type<RedirectKind>(),
    clientId: text('client_id'),
    /**
     * Whose page this is: the visitor or member who created the session (their identity is handed to the
     * browser), or — for a session made without one (a merchant, an anonymous call) — the browser's
     * shopper who first opened it. Only they may read the flow afterwards.
     */
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    /** The caller's session: the logout page ends it. */
    sessionId: text('session_id'),
    /** SHA-256 of the session token handed to the hosted page. */
    sessionTokenHash: text('session_token_hash').notNull(),
    fullUrl: text('full_url').notNull(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>().default({}),
    callbacks: jsonb('callbacks').notNull().$type<Record<string, string>>().default({}),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    expiresDate: timestampColumn('expires_date').notNull(),
    /** When a browser first opened the URL: the session token works once. */
    usedDate: timestampColumn('used_date'),
  },
  (table) => [
    uniqueIndex('redirect_sessions_short_id_unique').on(table.shortId),
    uniqueIndex('redirect_sessions_token_unique').on(table.sessionTokenHash),
    index('redirect_sessions_expires_idx').on(table.expiresDate),
  ],
);
