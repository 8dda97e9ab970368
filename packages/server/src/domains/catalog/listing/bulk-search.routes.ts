import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Violations } from '../../../lib/http/violations.js';
import { formatMoney, toMajorNumber } from '../../../lib/money.js';
import { requireMerchant } from '../../access/index.js';
import type { CatalogHttp } from '../catalog.http.js';
import { CATALOG_WRITE } from '../catalog.http.js';
import {
  type Adjustment,
  type BulkAdjust,
  type BulkResult,
  bulkAdjustProducts,
  bulkUpdateProducts,
} from '../products/bulk.service.js';
import { productOut } from '../products/product.mapper.js';
import { minorOf } from '../products/product-in.mapper.js';
import {
  BulkAdjustRequest,
  BulkResponse,
  BulkUpdateRequest,
  SearchProductsRequest,
  SearchProductsResponse,
} from './queries.contract.js';
import { searchProducts } from './search.service.js';

function bulkOut(result: BulkResult) {
  return {
    results: result.results.map((item) => ({ itemMetadata: item })),
    bulkActionMetadata: {
      totalSuccesses: result.totalSuccesses,
      totalFailures: result.totalFailures,
      undetailedFailures: 0,
    },
  };
}

type AdjustmentIn = { amount?: number; percentage?: number | { rate: number; roundToInt?: boolean } };

/** Bulk edits (merchants) under a write prefix. */
export const bulkEditRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const guard = requireMerchant();

  app.post(
    '/bulk/products/update',
    {
      schema: {
        summary:
          'Set price, cost, weight, ribbon or brand of up to 100 products (one transaction, per-item results)',
        tags: ['catalog: bulk'],
        body: BulkUpdateRequest,
        response: { 200: BulkResponse },
      },
      onRequest: guard,
      config: CATALOG_WRITE,
    },
    async (request) => {
      const { set } = request.body;
      const v = new Violations();
      const money = (value: number | undefined, field: string) =>
        value === undefined ? undefined : minorOf(value, http.currency, `set.${field}`, v);
      const input = {
        ...(set.price !== undefined ? { priceMinor: money(set.price, 'price') } : {}),
        ...(set.cost !== undefined ? { costMinor: money(set.cost, 'cost') } : {}),
        ...(set.weight !== undefined ? { weight: set.weight } : {}),
        ...(set.ribbon !== undefined ? { ribbon: set.ribbon } : {}),
        ...(set.brand !== undefined ? { brand: set.brand } : {}),
      };
      if (Object.keys(input).length === 0)
        v.add('set', 'REQUIRED_FIELD', 'must set one of: price, cost, weight, ribbon, brand');
      v.throwIfAny();
      return bulkOut(await bulkUpdateProducts(http.db, request.body.ids, input, http.write(request)));
    },
  );

  app.post(
    '/bulk/products/adjust-properties',
    {
      schema: {
        summary: 'Adjust price, cost or weight of up to 100 products by an amount or a percentage',
        tags: ['catalog: bulk'],
        body: BulkAdjustRequest,
        response: { 200: BulkResponse },
      },
      onRequest: guard,
      config: CATALOG_WRITE,
    },
    async (request) => {
      const v = new Violations();
      const adjustment = (
        value: AdjustmentIn | undefined,
        field: string,
        money: boolean,
      ): Adjustment | undefined => {
        if (!value) return undefined;
        const at = `adjust.${field}`;
        if ((value.amount === undefined) === (value.percentage === undefined)) {
          v.add(at, 'ONE_OF_ALIGNMENT', 'must have exactly one of: amount, percentage');
          return undefined;
        }
        if (value.amount !== undefined) {
          return {
            amount: money
              ? minorOf(Math.abs(value.amount), http.currency, `${at}.amount`, v) * Math.sign(value.amount)
              : value.amount,
          };
        }
        const percentage =
          typeof value.percentage === 'number' ? { rate: value.percentage } : value.percentage;
        return percentage ? { percentage } : undefined;
      };
      const { adjust } = request.body;
      const input: BulkAdjust = {};
      const price = adjustment(adjust.price, 'price', true);
      const cost = adjustment(adjust.cost, 'cost', true);
      const weight = adjustment(adjust.weight, 'weight', false);
      if (price) input.price = price;
      if (cost) input.cost = cost;
      if (weight) input.weight = weight;
      if (!adjust.price && !adjust.cost && !adjust.weight)
        v.add('adjust', 'REQUIRED_FIELD', 'must adjust one of: price, cost, weight');
      v.throwIfAny();
      return bulkOut(await bulkAdjustProducts(http.db, request.body.ids, input, http.write(request)));
    },
  );
};

/** Storefront search with facets (our extension) under a read prefix. */
export const productSearchRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (
  app,
  { http },
) => {
  app.post(
    '/products/search',
    {
      schema: {
        summary: 'Search products (full text with typo tolerance) with facet counts — our extension',
        description:
          'Body: {search: {expression}, query: {filter, sort, paging}, facets: [collections, brands, options, prices]}. ' +
          'Without a sort, results are ranked by relevance. Facets count every match, not just the page.',
        tags: ['catalog: search'],
        body: SearchProductsRequest,
        response: { 200: SearchProductsResponse },
      },
    },
    async (request) => {
      const { query = {}, search, facets, includeVariants } = request.body;
      const result = await searchProducts(http.db, {
        expression: search?.expression,
        filter: query.filter,
        sort: query.sort,
        paging: query.paging,
        ...(facets ? { facets } : {}),
        includeHidden: false,
        currency: http.currency,
      });
      const wire = http.wire(request, { includeVariants: includeVariants === true });
      const major = (minor: number) => toMajorNumber(minor, http.currency);
      return {
        products: result.items.map((view) => productOut(view, wire)),
        metadata: result.metadata,
        facets: {
          ...(result.facets.collections ? { collections: result.facets.collections } : {}),
          ...(result.facets.brands ? { brands: result.facets.brands } : {}),
          ...(result.facets.options ? { options: result.facets.options } : {}),
          ...(result.facets.prices
            ? {
                prices: result.facets.prices.map((bucket) => ({
                  from: major(bucket.fromMinor),
                  ...(bucket.toMinor !== undefined ? { to: major(bucket.toMinor) } : {}),
                  formatted:
                    bucket.toMinor !== undefined
                      ? `${formatMoney(bucket.fromMinor, http.currency)} – ${formatMoney(bucket.toMinor, http.currency)}`
                      : `${formatMoney(bucket.fromMinor, http.currency)}+`,
                  count: bucket.count,
                })),
              }
            : {}),
        },
      };
    },
  );
};
