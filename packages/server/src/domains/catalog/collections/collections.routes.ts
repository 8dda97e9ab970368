import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { registerQueryRoute } from '../../../lib/http/query-route.js';
import { requireMerchant } from '../../access/index.js';
import type { CatalogHttp } from '../catalog.http.js';
import { CATALOG_WRITE } from '../catalog.http.js';
import type { CollectionRecord } from '../catalog.types.js';
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

const tags = ['catalog: collections'];
const out = (http: CatalogHttp, collection: CollectionRecord): CollectionWire => ({
  ...collection,
  media: mediaOut(collection.media, http.publicUrl),
});

/** Collection reads (merchants count hidden products too) under a read prefix, `/v2` first. */
export const collectionReadRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (
  app,
  { http },
) => {
  const merchantView = (request: FastifyRequest) => http.merchant(request);

  app.get(
    '/collections/slug/:slug',
    {
      schema: {
        summary: 'Get a collection by slug',
        tags,
        params: CollectionSlugParams,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({
      collection: out(
        http,
        await getCollectionBySlug(http.db, {
          slug: request.params.slug,
          merchantView: merchantView(request),
        }),
      ),
    }),
  );

  registerQueryRoute(
    app,
    {
      url: '/collections/query',
      body: QueryBody,
      response: { 200: QueryCollectionsResponse },
      summary: 'Query collections',
      tags,
    },
    async (request, body) => {
      const page = await queryCollections(http.db, { ...body.query, merchantView: merchantView(request) });
      return {
        collections: page.items.map((collection) => out(http, collection)),
        metadata: page.metadata,
        ...(page.metadata.total !== undefined ? { totalResults: page.metadata.total } : {}),
      };
    },
  );

  app.get(
    '/collections/:id',
    {
      schema: {
        summary: 'Get a collection',
        tags,
        params: CollectionIdParams,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({
      collection: out(
        http,
        await getCollection(http.db, { id: request.params.id, merchantView: merchantView(request) }),
      ),
    }),
  );
};

/** Collection writes and membership (merchants) under a write prefix. */
export const collectionWriteRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (
  app,
  { http },
) => {
  const guard = requireMerchant();
  const input = (body: Static<typeof UpdateCollectionRequest>['collection']): CollectionInput => {
    const { media, ...rest } = body;
    return { ...rest, ...(media ? { media: mediaRefsIn(media) } : {}) };
  };

  app.post(
    '/collections',
    {
      schema: {
        summary: 'Create a collection',
        tags,
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
      return { collection: out(http, created) };
    },
  );

  app.patch(
    '/collections/:id',
    {
      schema: {
        summary: 'Update a collection',
        tags,
        params: CollectionIdParams,
        body: UpdateCollectionRequest,
        response: { 200: CollectionResponse },
      },
      onRequest: guard,
      config: CATALOG_WRITE,
    },
    async (request) => ({
      collection: out(
        http,
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
    '/collections/:id',
    {
      schema: {
        summary: 'Delete a collection (its products stay)',
        tags,
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

  for (const [suffix, change] of [
    ['/productIds', addProductsToCollection],
    ['/productIds/delete', removeProductsFromCollection],
  ] as const) {
    app.post(
      `/collections/:id${suffix}`,
      {
        schema: {
          summary:
            change === addProductsToCollection
              ? 'Add products to a collection'
              : 'Remove products from a collection',
          tags,
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
    );
  }
};
