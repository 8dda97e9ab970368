import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isMerchant } from '../access/index.js';
import { actorOf } from '../events/index.js';
import type { LocalCatalogChanges } from './catalog-events.service.js';
import type { CountMemo } from './listing/count-memo.cache.js';
import { PagePlans } from './listing/page-plans.cache.js';
import type { WireContext } from './products/product.mapper.js';
import type { ProductRecordsById } from './products/product-rows-by-id.service.js';
import type { WriteContext } from './products/product-write.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes the catalog: a 200 from it drops the public read cache. */
    catalogWrite?: boolean;
  }
}

/** Route config of every catalog write. */
export const CATALOG_WRITE = { catalogWrite: true } as const;

/** What the catalog plugin takes from the app. */
export interface CatalogDeps {
  database: Pick<Database, 'db' | 'listen'>;
  clock: () => Date;
  /** Catalog changes committed elsewhere in this process (orders taking stock): they drop the caches. */
  catalogChanges: Pick<LocalCatalogChanges, 'subscribe' | 'committed'>;
  /** The app's products-by-id reader: its records cache is dropped with the other caches. */
  productRecords: Pick<ProductRecordsById, 'invalidate' | 'caching'>;
  config: Pick<Config, 'publicUrl' | 'catalogCacheSeconds' | 'catalogCountSeconds'>;
  /** The store currency now (set in the admin, else STORE_CURRENCY): read per request. */
  storeCurrency: () => string;
}

/** What catalog routes need from the app and the request, in service and wire terms. */
export function catalogHttp(deps: CatalogDeps, counts?: CountMemo) {
  const { config } = deps;
  return {
    db: deps.database.db,
    /** Totals of public queries (merchants always get a fresh count). */
    counts,
    /** Plans of product queries that bind no values, made once per process (ADR 041). */
    plans: new PagePlans(),
    /** Per request: the currency can change (before the first sale, ADR 050). */
    get currency(): string {
      return deps.storeCurrency();
    },
    publicUrl: config.publicUrl,
    merchant: (request: FastifyRequest) => isMerchant(request.caller),
    write: (request: FastifyRequest): WriteContext => ({
      actor: actorOf(request.caller),
      currency: deps.storeCurrency(),
      now: deps.clock(),
    }),
    wire: (
      request: FastifyRequest,
      options: { merchantData?: boolean; includeVariants?: boolean } = {},
    ): WireContext => ({
      publicUrl: config.publicUrl,
      merchantData: isMerchant(request.caller) && (options.merchantData ?? false),
      includeVariants: options.includeVariants ?? true,
    }),
  };
}
export type CatalogHttp = ReturnType<typeof catalogHttp>;
