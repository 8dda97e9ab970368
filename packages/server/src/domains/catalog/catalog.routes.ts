import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app.js';
import { bulkSearchRoutes } from './bulk-search.routes.js';
import { catalogHttp } from './catalog-http.js';
import { collectionRoutes } from './collections.routes.js';
import { productReadRoutes } from './products-read.routes.js';
import { productWriteRoutes } from './products-write.routes.js';
import { variantRoutes } from './variants.routes.js';

/** Every catalog call of spec §7 on the paths the protocol's clients use and the spec's own. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const http = catalogHttp(deps);
  await app.register(productReadRoutes, { http });
  await app.register(productWriteRoutes, { http });
  await app.register(variantRoutes, { http });
  await app.register(collectionRoutes, { http });
  await app.register(bulkSearchRoutes, { http });
};
