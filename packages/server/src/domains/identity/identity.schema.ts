import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityDates, idColumn, timestampColumn } from '../../db/columns.js';

export const IDENTITY_STATUSES = ['PENDING', 'ACTIVE', 'BLOCKED', 'DELETED', 'OFFLINE'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];
export const STATUS_REASONS = [
  'PENDING_EMAIL_VERIFICATION_REQUIRED',
  'PENDING_ADMIN_APPROVAL_REQUIRED',
] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];
export const SESSION_ROLES = ['visitor', 'member', 'staff'] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const TOKEN_PURPOSES = [
  'session',
  'email_verification',
  'recovery',
  'activation',
  'mfa',
  'logout',
  /** A code e-mailed to confirm setting up or removing the e-mail factor (never handed to the client). */
  'factor_code',
  /** An authorize request waiting for the member's approve/deny (prompt=consent). */
  'consent',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** The profile as stored: the wire's shape minus wire encodings (see profile.mapper.ts). */
export interface StoredProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  language?: string;
  emails?: string[];
  phones?: string[];
  addresses?: StoredAddress[];
  customFields?: StoredCustomField[];
  /** Members API (`@wix/members`): the contact's extra details and the public profile. */
  birthdate?: string;
  company?: string;
  jobTitle?: string;
  title?: string;
  /** The profile page's address part; unique in the store (index below). Absent: the member id. */
  slug?: string;
  /** PUBLIC: listed to other members and visitors (joined the community). Absent: PRIVATE. */
  privacyStatus?: 'PUBLIC' | 'PRIVATE';
}
export interface StoredAddress {
  tag?: string;
  addressLine1?: string;
  addressLine2?: string;
  street?: { name?: string; number?: string; apt?: string };
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
  formattedAddress?: string;
  geocode?: { latitude?: number; longitude?: number };
}
/** Non-finite numbers are kept as their string names (JSON has no NaN); dates as RFC 3339 strings. */
export type StoredCustomField =
  | { name: string; kind: 'str'; value: string }
  | { name: string; kind: 'num'; value: number | string }
  | { name: string; kind: 'date'; value: string }
  | { name: string; kind: 'bool'; value: boolean };

/** OAuth clients (apps and storefronts) allowed to ask for tokens; managed by the owner. */
export const oauthClients = pgTable('oauth_clients', {
  id: idColumn(),
  name: text('name').notNull(),
  /** public: a browser or mobile app that cannot keep a secret (PKCE required); confidential: a server. */
  kind: text('kind').notNull().$type<'public' | 'confidential'>(),
  secretHash: text('secret_hash'),
  /** Exact redirect URIs the authorize endpoint may send codes to (ADR 029). */
  redirectUris: jsonb('redirect_uris').notNull().$type<string[]>().default([]),
  /** Origins (scheme://host[:port]) whose every URL is an allowed post-flow or postMessage target. */
  allowedOrigins: jsonb('allowed_origins').notNull().$type<string[]>().default([]),
  /**
   * The weaker, origin-wide matching of login redirects: any path on an allowed origin may receive codes.
   * Off for new clients; on for clients registered before exact matching (ADR 029).
   */
  allowAnyRedirectPathOnAllowedOrigins: boolean('allow_any_redirect_path_on_allowed_origins')
    .notNull()
    .default(false),
  /** The client created for the bundled storefront on first start. */
  bundled: boolean('bundled').notNull().default(false),
  ...entityDates(),
  disabledDate: timestampColumn('disabled_date'),
});

/** Anonymous shoppers: one row per visitor token family; carts hang on the id. */
export const visitors = pgTable(
  'visitors',
  {
    id: idColumn(),
    clientId: text('client_id').notNull(),
    /** Set when this visitor logged in as a member (the cart domain merges on that moment). */
    memberId: text('member_id'),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
  },
  (table) => [index('visitors_member_idx').on(table.memberId)],
);

export type OAuthClient = Omit<typeof oauthClients.$inferSelect, 'secretHash'>;

/** Members (shopper identities that can log in). E-mail addresses are stored lower-cased. */
export const identities = pgTable(
  'identities',
  {
    id: idColumn(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** argon2id PHC string; null for identities created without a password (they must reset it). */
    passwordHash: text('password_hash'),
    status: text('status').notNull().$type<IdentityStatus>(),
    statusReasons: jsonb('status_reasons').notNull().$type<StatusReason[]>().default([]),
    profile: jsonb('profile').notNull().$type<StoredProfile>().default({}),
    /** Optimistic concurrency for profile updates (the protocol's `revision`). */
    revision: integer('revision').notNull().default(1),
    ...entityDates(),
  },
  (table) => [
    uniqueIndex('identities_email_unique').on(table.email),
    uniqueIndex('identities_slug_unique').on(sql`(${table.profile}->>'slug')`),
    index('identities_status_idx').on(table.status),
  ],
);

/** The second factors this store can serve (an authenticator app, and codes e-mailed at login). */
export const SERVED_FACTOR_TYPES = ['TOTP', 'EMAIL'] as const;
export type ServedFactorType = (typeof SERVED_FACTOR_TYPES)[number];

/** Second factors a member set up: one row per type. */
export const memberFactors = pgTable(
  'member_factors',
  {
    id: idColumn(),
    identityId: text('identity_id').notNull(),
    type: text('type').notNull().$type<ServedFactorType>(),
    /** TOTP: the shared secret, kept as is because checking a code needs it. EMAIL: none (codes are sent). */
    secret: text('secret'),
    /** INACTIVE until the member confirms a first code. */
    status: text('status').notNull().$type<'INACTIVE' | 'ACTIVE'>(),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    lastUsedStep: integer('last_used_step'),
    ...entityDates(),
  },
  (table) => [uniqueIndex('member_factors_identity_type_unique').on(table.identityId, table.type)],
);

/**
 * One-time recovery codes of a member with an authenticator app, for when the phone is lost: hashed with
 * the password hasher (argon2id) as passwords are, each spent once (usedDate), all replaced when new ones
 * are made and deleted with the authenticator app.
 */
export const recoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: idColumn(),
    identityId: text('identity_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    usedDate: timestampColumn('used_date'),
  },
  (table) => [index('member_recovery_codes_identity_idx').on(table.identityId)],
);

/**
 * Devices a member asked to remember after a second factor ("remember this device"): the signed device
 * token names a row here, so that a password change or a removed factor can end it before it expires.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: idColumn(),
    identityId: text('identity_id').notNull(),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    expiresDate: timestampColumn('expires_date').notNull(),
    lastUsedDate: timestampColumn('last_used_date'),
    revokedDate: timestampColumn('revoked_date'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('trusted_devices_identity_idx').on(table.identityId).where(sql`revoked_date IS NULL`)],
);

/**
 * Sessions: a visitor or member refresh-token family, or a staff sign-in. Access tokens carry the id
 * (`sid`), so revoking the row ends them too (ADR 005). Refresh tokens are stored as SHA-256 hashes.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: idColumn(),
    role: text('role').notNull().$type<SessionRole>(),
    clientId: text('client_id'),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    staffId: text('staff_id'),
    /**
     * The session this one was handed over from: a hosted page opened from an app's redirect session acts
     * as the app's shopper in a session of its own, which ends when the app's session ends.
     */
    parentSessionId: text('parent_session_id'),
    refreshTokenHash: text('refresh_token_hash'),
    /**
     * When the member or staff behind the session last proved who they are (OpenID Connect's
     * `auth_time`): a password, an e-mailed code, a reset link, a second factor, a vouching app. A
     * refresh keeps it; a hand-over inherits it. Null for visitors and sessions older than this column.
     */
    authenticatedDate: timestampColumn('authenticated_date'),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    lastUsedDate: timestampColumn('last_used_date'),
    expiresDate: timestampColumn('expires_date').notNull(),
    revokedDate: timestampColumn('revoked_date'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('auth_sessions_refresh_unique').on(table.refreshTokenHash),
    index('auth_sessions_member_idx').on(table.memberId).where(sql`revoked_date IS NULL`),
    index('auth_sessions_parent_idx').on(table.parentSessionId).where(sql`parent_session_id IS NOT NULL`),
  ],
);

/**
 * Short-lived single-purpose tokens (session tokens after login, e-mail verification state tokens,
 * recovery links, MFA state tokens). Only the SHA-256 of the token is stored.
 */
export const identityTokens = pgTable(
  'identity_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull().$type<TokenPurpose>(),
    /** The member (or, for logout tokens, the member or visitor) the token acts for. */
    identityId: text('identity_id').notNull(),
    /** The visitor who started the flow, carried to the member session (cart merge). */
    visitorId: text('visitor_id'),
    clientId: text('client_id'),
    /** Hash of the e-mailed code (verification), redirect URL (recovery) and the like. */
    data: jsonb('data').notNull().$type<Record<string, unknown>>().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    expiresDate: timestampColumn('expires_date').notNull(),
    consumedDate: timestampColumn('consumed_date'),
  },
  (table) => [index('identity_tokens_identity_idx').on(table.identityId, table.purpose)],
);

/** Authorization codes (RFC 6749 §4.1) bound to client, redirect URI and PKCE challenge; single use. */
export const authorizationCodes = pgTable('authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri'),
  codeChallenge: text('code_challenge'),
  identityId: text('identity_id').notNull(),
  visitorId: text('visitor_id'),
  scope: text('scope'),
  /** The sign-in the code came from, carried to the session its exchange creates. */
  authenticatedDate: timestampColumn('authenticated_date'),
  createdDate: timestampColumn('created_date').notNull().defaultNow(),
  expiresDate: timestampColumn('expires_date').notNull(),
  usedDate: timestampColumn('used_date'),
  /** The session the exchange created: revoked if the code is presented again (RFC 6749 §4.1.2). */
  issuedSessionId: text('issued_session_id'),
});

/** Access-token signing keys (ES256). The newest active key signs; every unexpired key verifies. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateJwk: jsonb('private_jwk').notNull().$type<Record<string, unknown>>(),
  publicJwk: jsonb('public_jwk').notNull().$type<Record<string, unknown>>(),
  createdDate: timestampColumn('created_date').notNull().defaultNow(),
  /** No longer used to sign; still verifies (and is published) until `expiresDate`. */
  retiredDate: timestampColumn('retired_date'),
  expiresDate: timestampColumn('expires_date'),
});

/** Store settings for sign-up (one row, id 'store'); absent means the configured defaults. */
export const identitySettings = pgTable('identity_settings', {
  id: text('id').primaryKey(),
  requireEmailVerification: boolean('require_email_verification').notNull(),
  requireOwnerApproval: boolean('require_owner_approval').notNull(),
  captchaMode: text('captcha_mode').notNull().$type<'off' | 'invisible' | 'visible'>(),
  updatedDate: timestampColumn('updated_date').notNull().defaultNow(),
});

/**
 * Values the server generates for itself once: secrets (e.g. the captcha HMAC key) when config gives none,
 * and the store's site id (`site-id`, sessions/site-identity.service.ts), which is not secret.
 */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdDate: timestampColumn('created_date').notNull().defaultNow(),
});

/** Solved captcha challenges, so that one solution is accepted once (replay protection). */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  challengeId: text('challenge_id').primaryKey(),
  expiresDate: timestampColumn('expires_date').notNull(),
});

/** People who run the store (admin UI); separate from shoppers. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().$type<StaffRole>(),
    ...entityDates(),
    disabledDate: timestampColumn('disabled_date'),
  },
  (table) => [uniqueIndex('staff_users_email_unique').on(table.email)],
);
