import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifySchema,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accessRoutes } from './domains/access/access.routes.js';
import { apiKeyResolver } from './domains/access/apikeys.resolver.js';
import { cartRoutes } from './domains/cart/cart.routes.js';
import { cartByIdRoutes } from './domains/cart/cart-by-id.routes.js';
import { mergeCartsOnLogin } from './domains/cart/cart-merge.service.js';
import { catalogRoutes } from './domains/catalog/catalog.routes.js';
import { LocalCatalogChanges } from './domains/catalog/catalog-events.js';
import { checkoutRoutes } from './domains/checkout/checkout.routes.js';
import type { TaxProvider } from './domains/checkout/totals/types.js';
import { createDispatcher, type Dispatcher } from './domains/events/dispatch/dispatcher.js';
import { createNatsPublisher } from './domains/events/dispatch/nats-publisher.js';
import { EventRouting } from './domains/events/dispatch/routing.js';
import { webhookRoutes } from './domains/events/webhooks.routes.js';
import { createIdentityDeps } from './domains/identity/identity.deps.js';
import { identityRoutes } from './domains/identity/identity.routes.js';
import { pruneExpiredIdentityRows } from './domains/identity/maintenance.service.js';
import {
  accessTokenResolver,
  basicClientAuthResolver,
  delegatedApiKeyResolver,
} from './domains/identity/token.resolver.js';
import { createMailer, mailbox } from './domains/mail/mail.service.js';
import { devMailboxRoutes, ownerMailboxRoutes } from './domains/mail/mailbox.routes.js';
import { mediaRoutes } from './domains/media/media.routes.js';
import { LocalDiskStorage, type MediaStorage } from './domains/media/storage.js';
import { provideBuyerContacts } from './domains/orders/buyer-contacts.js';
import { createOrderRoutes } from './domains/orders/create-order.routes.js';
import { registerOrderMail } from './domains/orders/order-emails.js';
import type { EcomMailer } from './domains/orders/order-mail.js';
import { orderRoutes } from './domains/orders/orders.routes.js';
import { type BillingRound, billDueSubscriptions } from './domains/orders/subscription-billing.service.js';
import { subscriptionRoutes } from './domains/orders/subscriptions.routes.js';
import { paymentRoutes } from './domains/payments/payments.routes.js';
import { defaultPaymentProviders, type PaymentProviders } from './domains/payments/payments.service.js';
import { registerPlanOrders } from './domains/plans/plan-orders.consumer.js';
import { planRoutes } from './domains/plans/plans.routes.js';
import { preferencesRoutes } from './domains/preferences/preferences.routes.js';
import { movePreferencesOnLogin } from './domains/preferences/preferences.service.js';
import { redirectsRoutes } from './domains/redirects/redirects.routes.js';
import { membershipRoutes } from './domains/store-setup/memberships.routes.js';
import { promotionRoutes } from './domains/store-setup/promotions.routes.js';
import { StoreIdentityCache } from './domains/store-setup/store-identity.service.js';
import { storeSetupRoutes } from './domains/store-setup/store-setup.routes.js';
import { taxRoutes } from './domains/store-setup/tax.routes.js';
import { healthRoutes, type Readiness } from './http/health.routes.js';
import { authPlugin, type TokenResolver } from './http/plugins/auth.js';
import { frameworkErrorHandler, registerErrorHandling } from './http/plugins/errors.js';
import { metricsPlugin } from './http/plugins/metrics.js';
import { openapiPlugin } from './http/plugins/openapi.js';
import { protocolPlugin } from './http/plugins/protocol.js';
import { parseQueryString } from './http/query-string.js';
import { appLoggerOptions, deferredChildLogger, OneLinePerRequest } from './http/request-logger.js';
import { securityHeadersPlugin } from './http/security-headers.js';
import { mountStorefront } from './http/storefront-mount.js';
import { ajvWirePlugin } from './http/wire.js';
import { type PeriodicJob, periodicJob } from './lib/periodic-job.js';

export type { Config } from './config.js';
export { loadConfig } from './config.js';
export { createDb, type Database, type Db, type DbOrTx, type Tx } from './db/client.js';

/** Everything a request handler may depend on; injected, never imported as module state. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** The current time; tests pass a fixed clock. */
  clock: () => Date;
  /** Where domain events go besides webhooks: domains register their in-process consumers here. */
  events: EventRouting;
  /** Catalog changes this process committed outside the catalog routes (stock taken by orders). */
  catalogChanges: LocalCatalogChanges;
  /** The automatic (AUTO_RATE) tax service, when one is configured; none by default (ADR 008). */
  taxProvider?: TaxProvider;
  /** The store's name, logo and contact address as set in Settings (STORE_NAME until then), cached. */
  storeIdentity: StoreIdentityCache;
}

/** A registered route as declared (for the fuzz and access-matrix suites, and docs tooling). */
export interface RouteInfo {
  method: string;
  url: string;
  schema?: FastifySchema;
}

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

export interface AppJobs {
  /** Every minute: renewal orders for subscriptions whose next billing date has come. */
  subscriptionBilling: PeriodicJob<BillingRound>;
  /** Every hour: deletes expired sessions, codes and tokens. */
  identityPrune: PeriodicJob<Record<string, number>>;
}

export interface BuildAppOptions
  extends Omit<AppDeps, 'clock' | 'events' | 'catalogChanges' | 'storeIdentity'> {
  clock?: () => Date;
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
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const MAX_QUERY_KEYS = 1000; // spec §9

/** Builds the HTTP application. Never listens: server.ts does, tests use `inject` or `listen(0)`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const events = new EventRouting(config.natsUrl ? createNatsPublisher(config.natsUrl) : undefined);
  const deps: AppDeps = {
    config,
    database,
    clock: options.clock ?? (() => new Date()),
    events,
    catalogChanges: new LocalCatalogChanges(),
    storeIdentity: new StoreIdentityCache(database.db, config.storeName),
    ...(options.taxProvider ? { taxProvider: options.taxProvider } : {}),
  };
  let closing = false;

  const app = Fastify({
    logger: options.logger ?? appLoggerOptions(config),
    genReqId: () => randomUUID(),
    // A hop count trusts that many proxies in front (Fastify's types take it only as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: deferredChildLogger,
    requestIdHeader: false,
    routerOptions: {
      querystringParser: (text) => parseQueryString(text, MAX_QUERY_KEYS),
    },
    ajv: {
      customOptions: {
        allErrors: true,
        allowUnionTypes: true,
        removeAdditional: false,
        coerceTypes: 'array',
      },
      plugins: [ajvWirePlugin],
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const dispatcher = createDispatcher({
    db: database.db,
    routing: events,
    clock: deps.clock,
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
  app.addHook('onClose', async () => {
    closing = true;
    await dispatcher.stop();
    await events.publisher?.close();
  });
  // The API speaks JSON only; anything else is a clear 415 rather than a string body failing validation.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  await app.register(protocolPlugin, { corsOrigins: config.corsOrigins });
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  const apiKeys = apiKeyResolver(database.db);
  // One mailer for every domain (identity codes and links now, order mail later).
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    // The From name follows the store's name unless MAIL_FROM fixes it; replies go to the contact address.
    // From memory: a message may be sent while its sender still holds a transaction.
    from: async () => {
      const identity = deps.storeIdentity.latest();
      return {
        from: config.mail.followsStoreName
          ? mailbox(identity.storeName, config.mail.address)
          : config.mail.from,
        ...(identity.contactEmail ? { replyTo: identity.contactEmail } : {}),
      };
    },
  });
  const identity = createIdentityDeps({
    db: database.db,
    config,
    clock: deps.clock,
    mailer,
    log: app.log,
    // Identity writes its e-mails inside its transactions: the name must come from memory there (a
    // read on the pool could wait for the very connection the transaction holds).
    storeName: async () => deps.storeIdentity.latest().storeName,
  });
  app.addHook('onReady', async () => {
    await deps.storeIdentity.current();
  });
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
  await app.register(metricsPlugin, { database, clock: deps.clock });
  await app.register(openapiPlugin, {
    publicUrl: config.publicUrl,
    storeName: config.storeName,
    currentStoreName: () => deps.storeIdentity.latest().storeName,
  });

  await app.register(healthRoutes, {
    database,
    isClosing: () => closing,
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  await app.register(accessRoutes, { deps, onRevoke: apiKeys.forget });
  await app.register(webhookRoutes, { deps });
  const mediaStorage = options.mediaStorage ?? mediaStorageFor(config);
  await app.register(catalogRoutes, { deps });
  await app.register(cartRoutes, { deps });
  await app.register(cartByIdRoutes, { deps });
  const stopCartMerge = mergeCartsOnLogin(deps.clock);
  app.addHook('onClose', async () => stopCartMerge());
  const stopBuyerContacts = provideBuyerContacts();
  app.addHook('onClose', async () => stopBuyerContacts());
  await app.register(checkoutRoutes, { deps });
  const paymentProviders = options.paymentProviders ?? defaultPaymentProviders(deps.clock);
  await app.register(createOrderRoutes, { deps, providers: paymentProviders });
  await app.register(orderRoutes, { deps, providers: paymentProviders, storage: mediaStorage });
  await app.register(paymentRoutes, { deps, providers: paymentProviders });
  await app.register(subscriptionRoutes, { deps });
  const jobs: AppJobs = {
    subscriptionBilling: periodicJob({
      name: 'subscription billing',
      everyMs: 60_000,
      run: () =>
        billDueSubscriptions(database.db, {
          now: deps.clock(),
          providers: paymentProviders,
          onError: (err, subscriptionId) =>
            app.log.error(
              { err, subscriptionId },
              'renewing a subscription failed; it is tried again next round',
            ),
        }),
      log: app.log,
    }),
    identityPrune: periodicJob({
      name: 'identity prune',
      everyMs: 3_600_000,
      run: () => pruneExpiredIdentityRows(database.db, deps.clock()),
      log: app.log,
    }),
  };
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(jobs).map((job) => job.stop()));
  });
  registerOrderMail(events, {
    db: database.db,
    mailer: options.mailer ?? mailer,
    publicUrl: config.publicUrl,
    storeName: async () => (await deps.storeIdentity.current()).storeName,
    clock: deps.clock,
  });
  await app.register(storeSetupRoutes, { deps });
  await app.register(taxRoutes, { deps });
  await app.register(promotionRoutes, { deps });
  await app.register(membershipRoutes, { deps });
  await app.register(planRoutes, { deps, providers: paymentProviders });
  registerPlanOrders(events, { db: database.db, clock: deps.clock });
  await app.register(preferencesRoutes, { deps });
  const stopPreferencesMove = movePreferencesOnLogin();
  app.addHook('onClose', async () => stopPreferencesMove());
  await app.register(mediaRoutes, { deps, storage: mediaStorage });
  await app.register(identityRoutes, { deps: identity });
  await app.register(redirectsRoutes, { deps: identity });
  // Kept mail holds every shopper's sign-in codes and reset links: the owner reads it in the admin; the
  // open /dev/mailbox only exists when a developer asks for it (DEV_MAILBOX=open).
  await app.register(ownerMailboxRoutes, { db: database.db, delivery: config.smtpUrl ? 'smtp' : 'mailbox' });
  if (config.devMailbox === 'open') await app.register(devMailboxRoutes, { db: database.db });

  if (options.storefront !== false) await mountStorefront(app, database, config, deps.storeIdentity);
  return app;
}

export function mediaStorageFor(config: Config): MediaStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'media'));
}
