import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { registerQueryRoute } from '../../lib/http/query-route.js';
import type { CatalogHttp } from './catalog-http.js';
import { onPaths, READ_PREFIXES } from './catalog-http.js';
import { productOut } from './product.mapper.js';
import { getProduct, queryProducts } from './product-read.service.js';
import { GetProductQuery, ProductIdParams, ProductResponse } from './products.contract.js';
import { QueryProductsRequest, QueryProductsResponse } from './queries.contract.js';

/** Product reads: get by id (v1 and platformized) and queries (platformized and the v1 REST form). */
export const productReadRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const tags = ['catalog: products'];

  for (const kind of ['products', 'products-platformized'] as const) {
    onPaths(READ_PREFIXES, `/${kind}/:id`, (url, alias) =>
      app.get(
        url,
        {
          schema: {
            summary: 'Get a product',
            description:
              'Hidden products exist only for merchants. Cost and profit need includeMerchantSpecificData=true and a merchant key.',
            tags,
            hide: alias,
            params: ProductIdParams,
            querystring: GetProductQuery,
            response: { 200: ProductResponse },
          },
        },
        async (request) => {
          const view = await getProduct(http.db, {
            id: request.params.id,
            includeHidden: http.merchant(request),
          });
          const merchantData = request.query.includeMerchantSpecificData === true;
          return { product: productOut(view, http.wire(request, { merchantData })) };
        },
      ),
    );
  }

  const runQuery = async (
    request: FastifyRequest,
    body: Static<typeof QueryProductsRequest>,
    restForm: boolean,
  ) => {
    const merchant = http.merchant(request);
    const query = body.query ?? {};
    const page = await queryProducts(http.db, {
      filter: query.filter,
      sort: query.sort,
      paging: query.paging,
      includeHidden: merchant && body.includeHiddenProducts !== false,
      currency: http.currency,
      counts: merchant ? undefined : http.counts,
    });
    const wire = http.wire(request, {
      merchantData: body.includeMerchantSpecificData === true,
      includeVariants: body.includeVariants !== false,
    });
    return {
      products: page.items.map((view) => productOut(view, wire)),
      metadata: restForm ? { ...page.metadata, items: page.metadata.count } : page.metadata,
      ...(restForm && page.metadata.total !== undefined ? { totalResults: page.metadata.total } : {}),
    };
  };

  for (const [suffix, restForm] of [
    ['/products/query-platformized', false],
    ['/products/query', true],
  ] as const) {
    onPaths(READ_PREFIXES, suffix, (url, hide) =>
      registerQueryRoute(
        app,
        {
          url,
          hide,
          body: QueryProductsRequest,
          response: { 200: QueryProductsResponse },
          summary: restForm ? 'Query products (v1 REST form)' : 'Query products',
          tags,
        },
        (request, body) => runQuery(request, body, restForm),
      ),
    );
  }
};
