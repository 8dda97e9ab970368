import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext, RouteInfo } from './context.js';
import { accessRoutes, apiKeyResolver, authPlugin, type TokenResolver } from './domains/access/index.js';
import { CartMemo, cartByIdRoutes, cartRoutes, mergeCartsOnLogin } from './domains/cart/index.js';
import {
  catalogRoutes,
  LocalCatalogChanges,
  ProductRecordsById,
  watchCatalogChanges,
} from './domains/catalog/index.js';
import { checkoutRoutes, paymentSelectionRoutes } from './domains/checkout/index.js';
import { customerRoutes } from './domains/customers/index.js';
import {
  createDispatcher,
  createNatsPublisher,
  type Dispatcher,
  EventRouting,
  webhookRoutes,
} from './domains/events/index.js';
import {
  accessTokenResolver,
  basicClientAuthResolver,
  createIdentityDeps,
  delegatedApiKeyResolver,
  IdentityHooks,
  identityRoutes,
} from './domains/identity/index.js';
import { devMailboxRoutes, mailPreviewRoutes, ownerMailboxRoutes } from './domains/mail/index.js';
import { type MediaStorage, mediaRoutes, mediaStorageFor } from './domains/media/index.js';
import type { EcomMailer } from './domains/orders/index.js';
import {
  attachGuestOrdersOnLogin,
  createOrderRoutes,
  lockStoreHasOrders,
  orderLinkRoutes,
  orderOperationsRoutes,
  orderRoutes,
  provideBuyerContacts,
  registerOrderMail,
  registerOrderOperationsMail,
  storeHasOrders,
  stripeWebhookRoutes,
  subscriptionRoutes,
} from './domains/orders/index.js';
import {
  defaultPaymentProviders,
  type PaymentProviders,
  paymentRoutes,
  stripeClient,
} from './domains/payments/index.js';
import { planRoutes, planSales, pricingPlansRoutes, registerPlanOrders } from './domains/plans/index.js';
import { movePreferencesOnLogin, preferencesRoutes } from './domains/preferences/index.js';
import type { PricingEnv } from './domains/pricing/index.js';
import { redirectsRoutes } from './domains/redirects/index.js';
import {
  membershipRoutes,
  promotionRoutes,
  StoreCommerceCache,
  StoreIdentityCache,
  storeCommerceRoutes,
  storeSetupRoutes,
  taxRoutes,
} from './domains/store-setup/index.js';
import { fastifyOptions } from './http/fastify-options.js';
import { healthRoutes, type Readiness } from './http/health.routes.js';
import { registerErrorHandling } from './http/plugins/errors.js';
import { metricsPlugin } from './http/plugins/metrics.js';
import { openapiPlugin } from './http/plugins/openapi.js';
import { protocolPlugin } from './http/plugins/protocol.js';
import { securityHeadersPlugin } from './http/security-headers.js';
import { mountStorefront } from './http/storefront-mount.js';
import { type AppJobs, appJobs } from './jobs.js';
import type { ValidatorPool } from './lib/http/lazy-schema-compilers.js';
import { PageCache } from './lib/http/page-cache.js';
import { ServiceHealth } from './lib/service-health.js';
import { createAppMailer } from './mailer.js';

export type { Config } from './config.js';
export { loadConfig } from './config.js';
export type { App, AppContext, RouteInfo } from './context.js';
export { createDb, type Database, type Db, type DbOrTx, type Tx } from './db/client.js';
export type { AppJobs } from './jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers outbox events; server.ts starts it, tests drive it with runOnce(). */
    dispatcher: Dispatcher;
    /** Scheduled work; server.ts starts it (SCHEDULED_JOBS), tests call runOnce(). */
    jobs: AppJobs;
    /** Every route registered on this app, in registration order. */
    routeCatalog: readonly RouteInfo[];
  }
}

export interface BuildAppOptions
  extends Omit<
    AppContext,
    | 'clock'
    | 'services'
    | 'events'
    | 'catalogChanges'
    | 'storeIdentity'
    | 'storeCommerce'
    | 'pageCache'
    | 'identityHooks'
    | 'productRecords'
    | 'cartMemo'
  > {
  clock?: () => Date;
  /** Identity's extension points; tests pass their own to listen in. */
  identityHooks?: IdentityHooks;
  /** Randomness for retry jitter (tests make it deterministic). */
  random?: () => number;
  /** Pino logger options, or false to log nothing (tests). Defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Serve the storefront pages (default true); API-only deployments and API tests turn it off. */
  storefront?: boolean;
  /** Where media bytes live; defaults to local disk under DATA_DIR/media. */
  mediaStorage?: MediaStorage;
  /** Start-up work /readyz waits for (server.ts registers the demo catalog seed). */
  readiness?: Readiness;
  /** Payment gateways by name; default: the built-in sandbox card provider (ADR 011). */
  paymentProviders?: PaymentProviders;
  /** Sends order e-mails; default: the app's mailer (SMTP, or the development mailbox). */
  mailer?: EcomMailer;
  /** More Authorization-token resolvers, tried after the built-in ones (tests use this for shoppers). */
  extraTokenResolvers?: TokenResolver[];
  /** Compiled request validators shared with other apps of this process (tests build hundreds). */
  validators?: ValidatorPool;
}

/** Kept pages are dropped on every change; this only bounds a page's life should a NOTIFY be lost. */
const PAGE_CACHE_TTL_MS = 10 * 60_000;

/** Builds the HTTP application. Never listens: server.ts does, tests use `inject` or `listen(0)`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify(
    fastifyOptions(config, options.logger, options.validators),
  ).withTypeProvider<TypeBoxTypeProvider>();
  const clockOption = options.clock ?? (() => new Date());
  // Redis, NATS and SMTP report here when they stop or start answering; /readyz shows it (degraded).
  const services = new ServiceHealth(app.log, clockOption);
  const events = new EventRouting(
    config.natsUrl ? createNatsPublisher(config.natsUrl, { health: services }) : undefined,
  );
  const context: AppContext = {
    config,
    database,
    clock: clockOption,
    services,
    events,
    catalogChanges: new LocalCatalogChanges(),
    identityHooks: options.identityHooks ?? new IdentityHooks(),
    storeIdentity: new StoreIdentityCache(database.db, config.storeName),
    storeCommerce: new StoreCommerceCache(database.db, config.storeCurrency),
    // Records live as long as the catalog's public reads (CATALOG_CACHE_SECONDS; 0 turns both off).
    productRecords: new ProductRecordsById(database.db, {
      cacheTtlMs: config.catalogCacheSeconds * 1000,
    }),
    cartMemo: new CartMemo(),
    ...(options.taxProvider ? { taxProvider: options.taxProvider } : {}),
    ...(options.storefront !== false && config.pageCache.enabled
      ? { pageCache: new PageCache({ maxBytes: config.pageCache.maxBytes, ttlMs: PAGE_CACHE_TTL_MS }) }
      : {}),
  };
  // The slices the plugins take (context.ts): most need the database and the clock.
  const { clock, catalogChanges, storeIdentity, storeCommerce, identityHooks, productRecords, cartMemo } =
    context;
  const db = database.db;
  const storeCurrency = () => storeCommerce.currency();
  const pricing: PricingEnv = {
    // Read on every use: the owner may change it before the first sale (ADR 050).
    get currency() {
      return storeCurrency();
    },
    baseUrl: config.publicUrl,
    ...(context.taxProvider ? { taxProvider: context.taxProvider } : {}),
    catalogRecords: productRecords,
    // Pricing Plans lines of checkouts are sold by the plans domain (pricing and orders do not import it).
    planSales,
  };
  const ecom = { db, clock, pricing };
  let closing = false;
  logLostConnections(app, database);

  const dispatcher = createDispatcher({
    db,
    routing: events,
    clock,
    log: app.log,
    webhookTimeoutMs: config.webhookTimeoutMs,
    leaseMs: config.eventsLeaseMs,
    ...(options.random ? { random: options.random } : {}),
  });
  app.decorate('dispatcher', dispatcher);
  const routeCatalog: RouteInfo[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeCatalog.push({ method, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
  });
  // Closing: /readyz says so at once, and each reply still to go out asks its client to close the
  // connection, so keep-alive connections of requests in flight end with them instead of holding the
  // close open until their keep-alive timeout.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    closing = true;
    // The requests in flight have finished: their events go out before the process exits (half the
    // shutdown time at most, the rest is for closing connections).
    await dispatcher.stop(config.shutdownTimeoutMs / 2);
    await events.publisher?.close();
  });
  // The API speaks JSON only; anything else is a clear 415 rather than a string body failing validation.
  app.removeContentTypeParser('text/plain');
  // When a request last failed for a lost database connection: a shop page that failed just then says
  // the shop is briefly unavailable (503) rather than that something went wrong.
  let databaseFailedAt = 0;
  registerErrorHandling(app, { onDatabaseUnavailable: () => (databaseFailedAt = Date.now()) });
  await app.register(protocolPlugin, { corsOrigins: config.corsOrigins });
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  const apiKeys = apiKeyResolver(db);
  const { mailer, currentMailStore } = createAppMailer({ db, config, storeIdentity, health: services });
  const identity = createIdentityDeps({
    db,
    config,
    clock,
    mailer,
    log: app.log,
    hooks: identityHooks,
    health: services,
    // Identity writes its e-mails inside its transactions: the name must come from memory there (a
    // read on the pool could wait for the very connection the transaction holds).
    storeName: async () => storeIdentity.latest().storeName,
  });
  app.addHook('onReady', async () => {
    await storeIdentity.current();
  });
  const unwatchStoreIdentity = await storeIdentity.watch(database);
  app.addHook('onClose', async () => unwatchStoreIdentity());
  // Prices read the currency synchronously: it is read before the first request, and again on change.
  app.addHook('onReady', async () => {
    await storeCommerce.current();
  });
  const unwatchStoreCommerce = await storeCommerce.watch(database);
  app.addHook('onClose', async () => unwatchStoreCommerce());
  const { pageCache } = context;
  if (pageCache) {
    // Shared pages show the catalog and the store's identity: any change to either drops them all.
    const unwatchCatalog = await watchCatalogChanges(database, catalogChanges, () => pageCache.invalidate());
    const unsubscribeIdentity = storeIdentity.subscribe(() => pageCache.invalidate());
    app.addHook('onClose', async () => {
      unsubscribeIdentity();
      await unwatchCatalog();
    });
  }
  app.addHook('onClose', async () => {
    await identity.close();
    await mailer.close();
  });
  await app.register(authPlugin, {
    resolvers: [
      apiKeys,
      accessTokenResolver(identity),
      delegatedApiKeyResolver(apiKeys),
      basicClientAuthResolver,
      ...(options.extraTokenResolvers ?? []),
    ],
  });
  await app.register(metricsPlugin, { database, clock, services });
  await app.register(openapiPlugin, {
    publicUrl: config.publicUrl,
    storeName: config.storeName,
    currentStoreName: () => storeIdentity.latest().storeName,
  });

  await app.register(healthRoutes, {
    database,
    services,
    isClosing: () => closing,
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  await app.register(accessRoutes, { db, onRevoke: apiKeys.forget });
  await app.register(webhookRoutes, { db, clock });
  const mediaStorage = options.mediaStorage ?? mediaStorageFor(config);
  await app.register(catalogRoutes, {
    database,
    clock,
    catalogChanges,
    productRecords,
    config,
    storeCurrency,
  });
  await app.register(cartRoutes, { ...ecom, cartMemo });
  await app.register(cartByIdRoutes, { ...ecom, cartMemo });
  const stopCartMerge = mergeCartsOnLogin({ identityHooks, clock });
  app.addHook('onClose', async () => stopCartMerge());
  const stopBuyerContacts = provideBuyerContacts({ identityHooks });
  app.addHook('onClose', async () => stopBuyerContacts());
  const stopGuestOrderAttach = attachGuestOrdersOnLogin({ identityHooks });
  app.addHook('onClose', async () => stopGuestOrderAttach());
  await app.register(checkoutRoutes, ecom);
  // One Stripe client (loaded only when Stripe is configured) takes the payments and checks the webhooks.
  const stripe = config.stripe ? await stripeClient(config.stripe) : undefined;
  const providers = options.paymentProviders ?? defaultPaymentProviders(clock, stripe, db);
  // New card payments go to the provider the owner chose in the admin (else Stripe when on, else the sandbox).
  const paymentProviders: PaymentProviders = {
    ...providers,
    cardChoice: () => {
      const choice = storeCommerce.latest().cardProvider;
      return choice === 'STRIPE' ? 'STRIPE' : choice === 'SANDBOX' ? 'SANDBOX_CARD' : undefined;
    },
  };
  await app.register(createOrderRoutes, { ...ecom, catalogChanges, providers: paymentProviders });
  await app.register(orderRoutes, {
    db,
    clock,
    publicUrl: config.publicUrl,
    catalogChanges,
    providers: paymentProviders,
    storage: mediaStorage,
  });
  await app.register(orderOperationsRoutes, { db, clock, catalogChanges, providers: paymentProviders });
  await app.register(orderLinkRoutes, { db, clock, publicUrl: config.publicUrl });
  await app.register(paymentSelectionRoutes, { db, clock, pricing, providers: paymentProviders });
  await app.register(paymentRoutes, { db, providers: paymentProviders, stripe: config.stripe });
  if (config.stripe && stripe)
    await app.register(stripeWebhookRoutes, {
      ...ecom,
      catalogChanges,
      providers: paymentProviders,
      stripe,
      webhookSecret: config.stripe.webhookSecret,
    });
  await app.register(subscriptionRoutes, { db, clock });
  const jobs = appJobs({
    db,
    clock,
    providers: paymentProviders,
    mailer,
    pricing,
    reconcileAfterMs: config.paymentReconcileAfterMs,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(jobs).map((job) => job.stop()));
  });
  const orderMail = {
    db,
    mailer: options.mailer ?? mailer,
    publicUrl: config.publicUrl,
    store: currentMailStore,
    clock,
  };
  registerOrderMail({ events, ...orderMail });
  registerOrderOperationsMail({ events, ...orderMail });
  await app.register(storeSetupRoutes, { db, config, storeIdentity, storeCurrency });
  await app.register(storeCommerceRoutes, {
    db,
    commerce: storeCommerce,
    defaultCurrency: config.storeCurrency,
    stripeConfigured: stripe !== undefined,
    storeHasOrders,
    lockStoreHasOrders,
    catalogCommitted: () => catalogChanges.committed(),
  });
  await app.register(taxRoutes, { db, storeCurrency });
  await app.register(promotionRoutes, { db, clock, storeCurrency });
  await app.register(membershipRoutes, { db, clock, storeCurrency });
  await app.register(customerRoutes, { db, clock });
  await app.register(planRoutes, { db, clock, pricing, providers: paymentProviders });
  await app.register(pricingPlansRoutes, { db, currency: storeCurrency, clock });
  registerPlanOrders({ events, db, clock });
  await app.register(preferencesRoutes, { db, clock });
  const stopPreferencesMove = movePreferencesOnLogin({ identityHooks });
  app.addHook('onClose', async () => stopPreferencesMove());
  await app.register(mediaRoutes, { db, config, storage: mediaStorage });
  await app.register(identityRoutes, { deps: identity });
  await app.register(redirectsRoutes, { deps: identity });
  // Kept mail holds every shopper's sign-in codes and reset links: the owner reads it in the admin; the
  // open /dev/mailbox only exists when a developer asks for it (DEV_MAILBOX=open).
  await app.register(mailPreviewRoutes, { store: currentMailStore });
  await app.register(ownerMailboxRoutes, { db, delivery: config.smtpUrl ? 'smtp' : 'mailbox' });
  if (config.devMailbox === 'open') await app.register(devMailboxRoutes, { db });

  if (options.storefront !== false)
    await mountStorefront(app, {
      database,
      config,
      storeIdentity,
      storeCommerce,
      pageCache,
      catalogChanges,
      databaseFailedRecently: () => Date.now() - databaseFailedAt < 5000,
    });
  return app;
}

/**
 * A lost database connection is handled where it happens (the pool replaces it, the request it served is
 * answered 503): the log gets one line for it, and at most one more every 10 s however many follow (a
 * database restart drops every connection at once).
 */
function logLostConnections(app: FastifyInstance, database: BuildAppOptions['database']): void {
  let lastLogged = 0;
  let since = 0;
  const stop = database.onConnectionError((error) => {
    const now = Date.now();
    if (now - lastLogged < 10_000) {
      since += 1;
      return;
    }
    app.log.warn(
      { err: error, moreSinceLastLine: since },
      'a database connection was lost; the pool opens new ones, and requests it cut were answered 503',
    );
    lastLogged = now;
    since = 0;
  });
  app.addHook('onClose', async () => stop());
}
