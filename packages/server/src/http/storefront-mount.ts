import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { isConnectionLost } from '../db/errors.js';
import { type LocalCatalogChanges, watchCatalogChanges } from '../domains/catalog/index.js';
import { AppOriginsCache, ensureBundledStorefrontClient } from '../domains/identity/index.js';
import {
  type StoreCommerceCache,
  type StoreIdentityCache,
  servedDestinations,
} from '../domains/store-setup/index.js';
import type { PageCache } from '../lib/http/page-cache.js';
import { injectFetch } from './inject-fetch.js';
import { databaseUnavailable } from './plugins/errors.js';
import { storefrontPlugin } from './plugins/storefront.js';

/**
 * Serves the built storefront on the API's port. Its loaders reach the API in-process, as the shopper
 * (their address), and mint visitor tokens as the bundled OAuth client.
 */
export async function mountStorefront(
  app: FastifyInstance,
  {
    database,
    config,
    storeIdentity,
    storeCommerce,
    pageCache,
    catalogChanges,
    databaseFailedRecently,
  }: {
    database: Database;
    config: Config;
    storeIdentity: StoreIdentityCache;
    /** Who takes cards, as chosen in the admin: the checkout mounts Stripe's form only when it is Stripe. */
    storeCommerce: StoreCommerceCache;
    pageCache: PageCache | undefined;
    catalogChanges: Pick<LocalCatalogChanges, 'subscribe'>;
    /** Whether an API request was refused for a lost database connection in the last seconds. */
    databaseFailedRecently: () => boolean;
  },
): Promise<void> {
  const storefrontClientId = bundledClientIdOnce(database, config);
  const sharedPageCacheControl = sharedCacheControl(config.pageCache.cdnSeconds);
  // Catalog reads count no one (no per-address limit): one fetch, and so one SDK client, for every render.
  const catalogFetch = injectFetch(app);
  // Every page's CSP names the apps' origins: kept in memory, read again when any process changes a client.
  const appOrigins = new AppOriginsCache(database.db);
  const unwatchAppOrigins = await appOrigins.watch(database);
  app.addHook('onClose', async () => unwatchAppOrigins());
  // Counts catalog changes (this process's at once, others' by NOTIFY), so the storefront may keep the
  // shop's collections, which every page's header shows, until the next one. Off with the read cache.
  let catalogVersion = 0;
  const unwatchCatalog = await watchCatalogChanges(database, catalogChanges, () => {
    catalogVersion += 1;
  });
  app.addHook('onClose', async () => unwatchCatalog());
  const catalogMemo =
    config.catalogCacheSeconds > 0
      ? { version: () => catalogVersion, ttlMs: config.catalogCacheSeconds * 1000 }
      : undefined;
  await app.register(storefrontPlugin, {
    buildDir: config.storefrontBuildDir ?? defaultStorefrontBuildDir(),
    stripe: config.stripe
      ? {
          scriptUrl: config.stripe.jsUrl,
          apiOrigin: config.stripe.api
            ? `${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port}`
            : 'https://api.stripe.com',
        }
      : undefined,
    mode: config.env,
    loadContext: async (request) => {
      // The name, logo and contact address the owner set in Settings (memoised; STORE_NAME until set).
      const identity = await storeIdentity.current();
      // Stripe takes the cards when the owner chose it, or by default once its keys are set (ADR 050).
      const stripeTakesCards = config.stripe && (await storeCommerce.current()).cardProvider !== 'SANDBOX';
      // Whether anything this page asked was refused as "briefly unavailable" (503): a page that then
      // fails says so, with 503 (entry.server.tsx), instead of a 500.
      let unavailable = false;
      const noting =
        (inner: typeof fetch): typeof fetch =>
        async (...args) => {
          const response = await inner(...args);
          if (response.status === 503) unavailable = true;
          return response;
        };
      return {
        apiFetch: noting(injectFetch(app, request.ip)),
        // The catalog's fetch is shared by every render (its client and kept collections with it), so a
        // catalog read refused as unavailable is known by the database having failed just now.
        catalogFetch,
        unavailable: () => unavailable || databaseFailedRecently(),
        ...(catalogMemo ? { catalogMemo } : {}),
        storeName: identity.storeName,
        ...(identity.logo ? { storeLogo: identity.logo } : {}),
        ...(identity.contactEmail ? { contactEmail: identity.contactEmail } : {}),
        publicUrl: config.publicUrl,
        storefrontClientId: () =>
          storefrontClientId().catch((error: unknown) => {
            if ((error as { status?: unknown }).status === 503) unavailable = true;
            throw error;
          }),
        sharedPageCacheControl,
        // Read when a page asks (the checkout's country list), so it follows every set-up change.
        servedDestinations: () => servedDestinations(database.db),
        // The hosted checkout mounts Stripe's Payment Element with these (both are public by design).
        ...(config.stripe && stripeTakesCards
          ? { stripe: { publishableKey: config.stripe.publishableKey, scriptUrl: config.stripe.jsUrl } }
          : {}),
      };
    },
    publicUrl: config.publicUrl,
    appOrigins: () => appOrigins.current(),
    pageCache,
  });
}

/**
 * Cache-Control of the pages every shopper sees alike (ADR 037). Browsers always ask again (max-age=0)
 * and get a 304 while the ETag holds; a CDN may serve a page for `cdnSeconds` without asking (it hears
 * of no catalog change), then a while longer while it fetches the new one in the background.
 */
function sharedCacheControl(cdnSeconds: number): string {
  if (cdnSeconds === 0) return 'public, no-cache';
  return `public, max-age=0, s-maxage=${cdnSeconds}, stale-while-revalidate=${cdnSeconds * 5}`;
}

/**
 * The bundled client is looked up (or created) on first use rather than at build time, so test apps and
 * fresh databases need no extra set-up step.
 */
function bundledClientIdOnce(database: Database, config: Config): () => Promise<string> {
  let pending: Promise<string> | undefined;
  return () => {
    pending ??= ensureBundledStorefrontClient(database.db, config.publicUrl, config.dataDir).then(
      ({ client }) => client.id,
      (error: unknown) => {
        pending = undefined;
        // The page answers "briefly unavailable" (503) for a database out of reach, not a 500.
        throw isConnectionLost(error) ? databaseUnavailable(error) : error;
      },
    );
    return pending;
  };
}

function defaultStorefrontBuildDir(): string {
  // src/http/storefront-mount.ts and dist/http/storefront-mount.js sit at the same depth under packages/server.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../apps/storefront/build');
}
