import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mountOnPrefixes } from '../../lib/http/prefixes.js';
import { cacheHooks, ResponseCache } from '../../lib/http/response-cache.js';
import { isMerchant } from '../access/index.js';
import { type CatalogDeps, catalogHttp } from './catalog.http.js';
import { watchCatalogChanges } from './catalog-events.service.js';
import { collectionReadRoutes, collectionWriteRoutes } from './collections/collections.routes.js';
import { bulkEditRoutes, productSearchRoutes } from './listing/bulk-search.routes.js';
import { CountMemo } from './listing/count-memo.cache.js';
import { depositRoutes } from './products/deposits.routes.js';
import { productReadRoutes } from './products/products-read.routes.js';
import { productProxyWriteRoutes, productWriteRoutes } from './products/products-write.routes.js';
import { variantReadRoutes, variantWriteRoutes } from './variants/variants.routes.js';

/** Read routes: where the protocol's clients read (`/stores-reader`), the REST docs' and the spec's paths. */
const READ_PREFIXES = ['/stores-reader/v1', '/stores/v1', '/v1'] as const;
/** Write routes: the clients' and REST docs' `/stores/v1`, and the spec's bare `/v1`. */
const WRITE_PREFIXES = ['/stores/v1', '/v1'] as const;
/** Collection reads: the clients call them at `/v2` (no prefix), then where the other reads are. */
const COLLECTION_READ_PREFIXES = ['/v2', ...READ_PREFIXES] as const;

/**
 * Every catalog call of spec §7 on the paths the protocol's clients use and the spec's own.
 *
 * Public reads (anyone who is not a merchant) are served from a response cache (ADR 012), and carts
 * price their lines from cached product records (ADR 022); both are dropped the same way: a catalog
 * write answered here drops them before its reply leaves, so do orders taking or returning stock in this
 * process (`deps.catalogChanges`), and every other change — other processes, the CLI — arrives as a
 * NOTIFY from the database after its commit.
 */
export const catalogRoutes: FastifyPluginAsyncTypebox<CatalogDeps> = async (app, deps) => {
  const seconds = deps.config.catalogCacheSeconds;
  const cache = seconds > 0 ? new ResponseCache({ ttlMs: seconds * 1000 }) : undefined;
  const countSeconds = deps.config.catalogCountSeconds;
  const counts = countSeconds > 0 ? new CountMemo({ ttlMs: countSeconds * 1000 }) : undefined;
  const invalidate = () => {
    cache?.invalidate();
    counts?.invalidate();
    deps.productRecords.invalidate();
  };
  if (cache || counts || deps.productRecords.caching) {
    const unwatch = await watchCatalogChanges(deps.database, deps.catalogChanges, invalidate);
    app.addHook('onClose', async () => {
      await unwatch();
    });
  }
  // A write answered here tells every cache of this process (these, and the storefront's pages) before
  // its reply leaves.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.catalogWrite && reply.statusCode === 200) deps.catalogChanges.committed();
    done(null, payload);
  });
  if (cache) {
    const hooks = cacheHooks(cache, (request) => !isMerchant(request.caller));
    if (hooks.onRequest) app.addHook('onRequest', hooks.onRequest);
    if (hooks.preHandler) app.addHook('preHandler', hooks.preHandler);
    if (hooks.onSend) app.addHook('onSend', hooks.onSend);
  }
  const http = catalogHttp(deps, counts);
  // The route plugins run once per prefix; the caches and hooks above are this plugin's, made once.
  await mountOnPrefixes(app, productReadRoutes, { http }, READ_PREFIXES);
  await app.register(productProxyWriteRoutes, { http });
  await mountOnPrefixes(app, productWriteRoutes, { http }, WRITE_PREFIXES);
  await mountOnPrefixes(app, variantReadRoutes, { http }, READ_PREFIXES);
  await mountOnPrefixes(app, variantWriteRoutes, { http }, WRITE_PREFIXES);
  await mountOnPrefixes(app, collectionReadRoutes, { http }, COLLECTION_READ_PREFIXES);
  await mountOnPrefixes(app, collectionWriteRoutes, { http }, WRITE_PREFIXES);
  await mountOnPrefixes(app, bulkEditRoutes, { http }, WRITE_PREFIXES);
  await mountOnPrefixes(app, productSearchRoutes, { http }, READ_PREFIXES);
  await app.register(depositRoutes, { http });
};
