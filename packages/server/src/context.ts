import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { CartMemo } from './domains/cart/index.js';
import type { LocalCatalogChanges, ProductRecordsById } from './domains/catalog/index.js';
import type { EventRouting } from './domains/events/index.js';
import type { IdentityHooks } from './domains/identity/index.js';
import type { TaxProvider } from './domains/pricing/index.js';
import type { StoreCommerceCache, StoreIdentityCache } from './domains/store-setup/index.js';
import type { PageCache } from './lib/http/page-cache.js';
import type { ServiceHealth } from './lib/service-health.js';

/**
 * What the app builds once per process and hands out in slices: app.ts composes it, and each plugin,
 * consumer and job takes only the part it needs (`{ db, clock }` for most), so a domain's dependencies
 * read off its options type. No domain imports this module (docs/architecture.md).
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** The current time; tests pass a fixed clock. */
  clock: () => Date;
  /** Whether Redis, NATS and SMTP answer, as their clients last saw it (/readyz, the log). */
  services: ServiceHealth;
  /** Where domain events go besides webhooks: domains register their in-process consumers here. */
  events: EventRouting;
  /** Catalog changes this process committed outside the catalog routes (stock taken by orders). */
  catalogChanges: LocalCatalogChanges;
  /** Where other domains plug into sign-in (cart merge, guest orders, preferences, contact data). */
  identityHooks: IdentityHooks;
  /** Products by id as carts and checkouts price lines: a prepared statement and, when on, a records cache. */
  productRecords: ProductRecordsById;
  /** The last cart row per shopper this app read or wrote, where its lock-free adds start (ADR 022). */
  cartMemo: CartMemo;
  /** The automatic (AUTO_RATE) tax service, when one is configured; none by default (ADR 008). */
  taxProvider?: TaxProvider;
  /** The store's name, logo and contact address as set in Settings (STORE_NAME until then), cached. */
  storeIdentity: StoreIdentityCache;
  /** The store currency and card provider as set in Settings (STORE_CURRENCY / the env until then), cached. */
  storeCommerce: StoreCommerceCache;
  /** The shop's shared pages, rendered once (ADR 037); absent with PAGE_CACHE=off or no storefront. */
  pageCache?: PageCache;
}

/** A registered route as declared (for the fuzz and access-matrix suites, and docs tooling). */
export interface RouteInfo {
  method: string;
  url: string;
  schema?: FastifySchema;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
