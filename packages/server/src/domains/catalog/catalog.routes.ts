import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cacheHooks, ResponseCache } from '../../lib/http/response-cache.js';
import { isMerchant } from '../access/index.js';
import { watchCatalogChanges } from './catalog-events.js';
import { type CatalogDeps, catalogHttp } from './catalog-http.js';
import { collectionRoutes } from './collections/collections.routes.js';
import { bulkSearchRoutes } from './listing/bulk-search.routes.js';
import { CountMemo } from './listing/count-memo.js';
import { depositRoutes } from './products/deposits.routes.js';
import { productReadRoutes } from './products/products-read.routes.js';
import { productWriteRoutes } from './products/products-write.routes.js';
import { variantRoutes } from './variants/variants.routes.js';

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
  await app.register(productReadRoutes, { http });
  await app.register(productWriteRoutes, { http });
  await app.register(variantRoutes, { http });
  await app.register(collectionRoutes, { http });
  await app.register(bulkSearchRoutes, { http });
  await app.register(depositRoutes, { http });
};
