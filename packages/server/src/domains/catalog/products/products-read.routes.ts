import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { notFound } from '../../../lib/http/errors.js';
import { registerQueryRoute } from '../../../lib/http/query-route.js';
import type { PagingMetadata } from '../../../lib/paging.js';
import type { CatalogHttp } from '../catalog.http.js';
import { QueryProductsRequest, QueryProductsResponse } from '../listing/queries.contract.js';
import { productOut } from './product.mapper.js';
import {
  type DocumentContext,
  productDocumentById,
  queryProductDocuments,
} from './product-documents.service.js';
import { getProduct, queryProducts } from './product-read.service.js';
import { GetProductQuery, ProductIdParams, ProductOut, ProductResponse } from './products.contract.js';

/** Product reads: get by id (v1 and platformized) and queries (platformized and the v1 REST form). */
export const productReadRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const tags = ['catalog: products'];

  // Shoppers' products come as ready documents (ADR 041), serialized by the reply schema's own serializer
  // (compiled once per route), so a document is byte for byte what the route would have sent.
  const documents = (reply: FastifyReply): DocumentContext => ({
    publicUrl: http.publicUrl,
    serialize: reply.compileSerializationSchema(
      ProductOut as unknown as Record<string, unknown>,
    ) as DocumentContext['serialize'],
  });
  /** Sends JSON text as it is: Fastify serializes nothing it is given as a string with a JSON type. */
  const sendJson = (reply: FastifyReply, text: string) =>
    reply.type('application/json; charset=utf-8').send(text as never);

  for (const kind of ['products', 'products-platformized'] as const) {
    app.get(
      `/${kind}/:id`,
      {
        schema: {
          summary: 'Get a product',
          description:
            'Hidden products exist only for merchants. Cost and profit need includeMerchantSpecificData=true and a merchant key.',
          tags,
          params: ProductIdParams,
          querystring: GetProductQuery,
          response: { 200: ProductResponse },
        },
      },
      async (request, reply) => {
        if (!http.merchant(request)) {
          const document = await productDocumentById(http.db, request.params.id, documents(reply));
          if (document === undefined) throw notFound('Product', request.params.id);
          return sendJson(reply, `{"product":${document}}`);
        }
        const view = await getProduct(http.db, {
          id: request.params.id,
          includeHidden: http.merchant(request),
        });
        const merchantData = request.query.includeMerchantSpecificData === true;
        return { product: productOut(view, http.wire(request, { merchantData })) };
      },
    );
  }

  const runQuery = async (
    request: FastifyRequest,
    body: Static<typeof QueryProductsRequest>,
    restForm: boolean,
    reply: FastifyReply,
  ) => {
    const merchant = http.merchant(request);
    const query = body.query ?? {};
    // A shopper's list with variants (what the storefront asks for) is the page's documents joined as
    // they are; merchants, and lists without variants, are built from the rows as before.
    if (!merchant && body.includeVariants !== false) {
      const page = await queryProductDocuments(
        http.db,
        {
          filter: query.filter,
          sort: query.sort,
          paging: query.paging,
          currency: http.currency,
          counts: http.counts,
          plans: http.plans,
        },
        documents(reply),
      );
      // The envelope by the route's own serializer, with the documents spliced into its empty list.
      const envelope = reply.serialize({ products: [], ...pageMetadata(page.metadata, restForm) });
      return sendJson(reply, `{"products":[${page.items.join(',')}]${envelope.slice(EMPTY_LIST.length)}`);
    }
    const page = await queryProducts(http.db, {
      filter: query.filter,
      sort: query.sort,
      paging: query.paging,
      includeHidden: merchant && body.includeHiddenProducts !== false,
      currency: http.currency,
      counts: merchant ? undefined : http.counts,
      plans: http.plans,
    });
    const wire = http.wire(request, {
      merchantData: body.includeMerchantSpecificData === true,
      includeVariants: body.includeVariants !== false,
    });
    return {
      products: page.items.map((view) => productOut(view, wire)),
      ...pageMetadata(page.metadata, restForm),
    };
  };

  for (const [url, restForm] of [
    ['/products/query-platformized', false],
    ['/products/query', true],
  ] as const) {
    registerQueryRoute(
      app,
      {
        url,
        body: QueryProductsRequest,
        response: { 200: QueryProductsResponse },
        summary: restForm ? 'Query products (v1 REST form)' : 'Query products',
        tags,
      },
      (request, body, reply) => runQuery(request, body, restForm, reply),
    );
  }
};

const EMPTY_LIST = '{"products":[]';

/** A query reply's metadata; the v1 REST form also names the page size and total its own way. */
function pageMetadata(metadata: PagingMetadata, restForm: boolean) {
  return {
    metadata: restForm ? { ...metadata, items: metadata.count } : metadata,
    ...(restForm && metadata.total !== undefined ? { totalResults: metadata.total } : {}),
  };
}
