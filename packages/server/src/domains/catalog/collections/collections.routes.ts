import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { registerQueryRoute } from '../../../lib/http/query-route.js';
import { requireMerchant } from '../../access/index.js';
import type { CollectionRecord } from '../catalog.types.js';
import type { CatalogHttp } from '../catalog-http.js';
import { CATALOG_WRITE, onPaths, READ_PREFIXES, WRITE_PREFIXES } from '../catalog-http.js';
import { mediaOut } from '../products/product.mapper.js';
import { mediaRefsIn } from '../products/product-in.mapper.js';
import { EmptyResponse } from '../products/products.contract.js';
import {
  CollectionIdParams,
  CollectionResponse,
  CollectionSlugParams,
  type CollectionWire,
  CreateCollectionRequest,
  ProductIdsRequest,
  QueryBody,
  QueryCollectionsResponse,
  UpdateCollectionRequest,
} from './collections.contract.js';
import {
  addProductsToCollection,
  type CollectionInput,
  createCollection,
  deleteCollection,
  getCollection,
  getCollectionBySlug,
  queryCollections,
  removeProductsFromCollection,
  updateCollection,
} from './collections.service.js';

/** Collections: v2 reads (no prefix, as the clients call them), v1 reads and writes, membership. */
export const collectionRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const tags = ['catalog: collections'];
  const guard = requireMerchant();
  const out = (collection: CollectionRecord): CollectionWire => ({
    ...collection,
    media: mediaOut(collection.media, http.publicUrl),
  });
  const input = (body: Static<typeof UpdateCollectionRequest>['collection']): CollectionInput => {
    const { media, ...rest } = body;
    return { ...rest, ...(media ? { media: mediaRefsIn(media) } : {}) };
  };
  const countHidden = (request: FastifyRequest) => http.merchant(request);

  onPaths(['/v2', ...READ_PREFIXES], '/collections/slug/:slug', (url, alias) =>
    app.get(
      url,
      {
        schema: {
          summary: 'Get a collection by slug',
          tags,
          hide: alias,
          params: CollectionSlugParams,
          response: { 200: CollectionResponse },
        },
      },
      async (request) => ({
        collection: out(
          await getCollectionBySlug(http.db, {
            slug: request.params.slug,
            countHidden: countHidden(request),
          }),
        ),
      }),
    ),
  );

  onPaths(['/v2', ...READ_PREFIXES], '/collections/query', (url, hide) =>
    registerQueryRoute(
      app,
      {
        url,
        hide,
        body: QueryBody,
        response: { 200: QueryCollectionsResponse },
        summary: 'Query collections',
        tags,
      },
      async (request, body) => {
        const page = await queryCollections(http.db, { ...body.query, countHidden: countHidden(request) });
        return {
          collections: page.items.map(out),
          metadata: page.metadata,
          ...(page.metadata.total !== undefined ? { totalResults: page.metadata.total } : {}),
        };
      },
    ),
  );

  onPaths(['/v2', ...READ_PREFIXES], '/collections/:id', (url, alias) =>
    app.get(
      url,
      {
        schema: {
          summary: 'Get a collection',
          tags,
          hide: alias,
          params: CollectionIdParams,
          response: { 200: CollectionResponse },
        },
      },
      async (request) => ({
        collection: out(
          await getCollection(http.db, { id: request.params.id, countHidden: countHidden(request) }),
        ),
      }),
    ),
  );

  onPaths(WRITE_PREFIXES, '/collections', (url, alias) =>
    app.post(
      url,
      {
        schema: {
          summary: 'Create a collection',
          tags,
          hide: alias,
          body: CreateCollectionRequest,
          response: { 200: CollectionResponse },
        },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => {
        const body = request.body.collection;
        const created = await createCollection(
          http.db,
          { ...input(body), name: body.name },
          http.write(request),
        );
        return { collection: out(created) };
      },
    ),
  );

  onPaths(WRITE_PREFIXES, '/collections/:id', (url, alias) => {
    app.patch(
      url,
      {
        schema: {
          summary: 'Update a collection',
          tags,
          hide: alias,
          params: CollectionIdParams,
          body: UpdateCollectionRequest,
          response: { 200: CollectionResponse },
        },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => ({
        collection: out(
          await updateCollection(
            http.db,
            request.params.id,
            input(request.body.collection),
            http.write(request),
          ),
        ),
      }),
    );
    app.delete(
      url,
      {
        schema: {
          summary: 'Delete a collection (its products stay)',
          tags,
          hide: alias,
          params: CollectionIdParams,
          response: { 200: EmptyResponse },
        },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => {
        await deleteCollection(http.db, request.params.id, http.write(request));
        return {};
      },
    );
  });

  for (const [suffix, change] of [
    ['/productIds', addProductsToCollection],
    ['/productIds/delete', removeProductsFromCollection],
  ] as const) {
    onPaths(WRITE_PREFIXES, `/collections/:id${suffix}`, (url, alias) =>
      app.post(
        url,
        {
          schema: {
            summary:
              change === addProductsToCollection
                ? 'Add products to a collection'
                : 'Remove products from a collection',
            tags,
            hide: alias,
            params: CollectionIdParams,
            body: ProductIdsRequest,
            response: { 200: EmptyResponse },
          },
          onRequest: guard,
          config: CATALOG_WRITE,
        },
        async (request) => {
          await change(http.db, request.params.id, request.body.productIds, http.write(request));
          return {};
        },
      ),
    );
  }
};
