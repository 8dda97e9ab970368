import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { Violations } from '../../../lib/http/violations.js';
import { requireMerchant } from '../../access/index.js';
import type { CatalogHttp } from '../catalog.http.js';
import { CATALOG_WRITE } from '../catalog.http.js';
import { productOut } from './product.mapper.js';
import {
  addChoiceMedia,
  addProductMedia,
  deleteProductOptions,
  removeBrand,
  removeChoiceMedia,
  removeProductMedia,
  removeRibbon,
} from './product-edits.service.js';
import { mediaRefsIn, productInputIn } from './product-in.mapper.js';
import type { ProductInput } from './product-input.rules.js';
import { productV3Out } from './product-v3-reply.mapper.js';
import { proxyProductIn } from './product-v3-write.mapper.js';
import { createProduct, deleteProduct, updateProduct } from './product-write.service.js';
import { EmptyResponse, ProductIdParams, ProductResponse } from './products.contract.js';
import { ProductV3Write } from './products-v3.contract.js';
import {
  CreateProductRequest,
  MediaWrite,
  type ProductWrite,
  UpdateProductRequest,
} from './products-write.contract.js';

const ChoiceMediaRequest = Type.Object({
  media: Type.Array(
    Type.Object({
      option: Type.String({ minLength: 1, maxLength: 50 }),
      choice: Type.String({ minLength: 1, maxLength: 50 }),
      mediaIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
    }),
    { minItems: 1, maxItems: 10 },
  ),
});

/**
 * A product body of either catalog shape: the write proxy reads catalog v1 (as `/stores/v1/products`) and
 * catalog v3 (as the public `productsV3` module writes it), told apart by their fields and checked
 * against the matching contract in the handler (product-v3-write.mapper.ts).
 */
const EitherProductRequest = Type.Object({
  product: Type.Object(
    {},
    {
      description:
        'A catalog v1 product (CreateProductRequest) or a catalog v3 product (variantsInfo, options…)',
    },
  ),
});
const EitherProductResponse = Type.Object({
  product: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }),
});

const tags = ['catalog: products (write)'];

/** Stores a checked body (v1 write shape): creates without an id, updates with one. */
async function storeProduct(
  http: CatalogHttp,
  request: Parameters<CatalogHttp['write']>[0],
  product: ProductWrite,
  id?: string,
) {
  const v = new Violations();
  const input = productInputIn(product, http.currency, v);
  v.throwIfAny();
  const view =
    id === undefined
      ? await createProduct(
          http.db,
          input as ProductInput & { name: string; priceMinor: number },
          http.write(request),
        )
      : await updateProduct(http.db, id, input, http.write(request));
  return productOut(view, http.wire(request, { merchantData: true }));
}

/** The write proxy's product writes (merchants only), at their own paths: v1 or v3 bodies share the handlers. */
export const productProxyWriteRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (
  app,
  { http },
) => {
  const guard = requireMerchant();
  // The v2 write proxy takes either catalog shape; `/stores/v3/products` (where the public productsV3
  // module writes) takes catalog v3 only.
  for (const [url, only] of [
    ['/v2/products-platformized', undefined],
    ['/stores/v3/products', 'v3'],
  ] as const) {
    const body = only ? ProductV3Write : EitherProductRequest;
    const summary = only ? 'catalog v3 product' : 'catalog v1 or v3 product (write proxy)';
    app.post(
      url,
      {
        schema: { summary: `Create a ${summary}`, tags, body, response: { 200: EitherProductResponse } },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => {
        const { shape, product } = proxyProductIn(request.body, 'create', http.currency, only);
        const out = await storeProduct(http, request, product as ProductWrite);
        return { product: shape === 'v3' ? productV3Out(out) : out };
      },
    );
    app.patch(
      `${url}/:id`,
      {
        schema: {
          summary: `Update a ${summary} (fields given are changed)`,
          tags,
          params: ProductIdParams,
          body,
          response: { 200: EitherProductResponse },
        },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => {
        const { shape, product } = proxyProductIn(request.body, 'update', http.currency, only);
        const out = await storeProduct(http, request, product as ProductWrite, request.params.id);
        return { product: shape === 'v3' ? productV3Out(out) : out };
      },
    );
    deleteRoute(app, `${url}/:id`, http, guard);
  }
};

/** Product writes (merchants only) under a write prefix: v1 and platformized v1 share the handlers. */
export const productWriteRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const guard = requireMerchant();

  for (const path of ['/products', '/products-platformized']) {
    app.post(
      path,
      {
        schema: {
          summary: 'Create a product',
          tags,
          body: CreateProductRequest,
          response: { 200: ProductResponse },
        },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => ({ product: await storeProduct(http, request, request.body.product) }),
    );
    app.patch(
      `${path}/:id`,
      {
        schema: {
          summary: 'Update a product (fields given are changed; changing options regenerates variants)',
          tags,
          params: ProductIdParams,
          body: UpdateProductRequest,
          response: { 200: ProductResponse },
        },
        onRequest: guard,
        config: CATALOG_WRITE,
      },
      async (request) => ({
        product: await storeProduct(http, request, request.body.product, request.params.id),
      }),
    );
    deleteRoute(app, `${path}/:id`, http, guard);
  }

  const edit = (
    method: 'POST' | 'PATCH' | 'DELETE',
    suffix: string,
    summary: string,
    body: typeof ChoiceMediaRequest | ReturnType<typeof mediaBody> | ReturnType<typeof idsBody> | undefined,
    run: (id: string, body: never, request: Parameters<typeof http.write>[0]) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `/products/:id${suffix}`,
      schema: {
        summary,
        tags,
        params: ProductIdParams,
        ...(body ? { body } : {}),
        response: { 200: EmptyResponse },
      },
      onRequest: guard,
      config: CATALOG_WRITE,
      handler: async (request) => {
        await run((request.params as { id: string }).id, request.body as never, request);
        return {};
      },
    });

  edit(
    'POST',
    '/media',
    'Add media (library ids or URLs) to a product',
    mediaBody(),
    (id, body: { media: Static<typeof MediaWrite>[] }, request) =>
      addProductMedia(http.db, id, mediaRefsIn(body.media), http.write(request)),
  );
  edit(
    'POST',
    '/media/delete',
    'Remove media from a product (all when mediaIds is empty)',
    idsBody(),
    (id, body: { mediaIds?: string[] }, request) =>
      removeProductMedia(http.db, id, body.mediaIds ?? [], http.write(request)),
  );
  edit(
    'PATCH',
    '/choices/media',
    'Show product media for option choices',
    ChoiceMediaRequest,
    (id, body: Static<typeof ChoiceMediaRequest>, request) =>
      addChoiceMedia(http.db, id, body.media, http.write(request)),
  );
  edit(
    'POST',
    '/choices/media/delete',
    'Remove media from option choices',
    ChoiceMediaRequest,
    (id, body: Static<typeof ChoiceMediaRequest>, request) =>
      removeChoiceMedia(http.db, id, body.media, http.write(request)),
  );
  edit(
    'DELETE',
    '/options',
    'Delete all product options (variants collapse to one)',
    undefined,
    (id, _body, request) => deleteProductOptions(http.db, id, http.write(request)),
  );
  edit('POST', '/remove-brand', 'Remove the brand', undefined, (id, _body, request) =>
    removeBrand(http.db, id, http.write(request)),
  );
  edit('POST', '/remove-ribbon', 'Remove the ribbon', undefined, (id, _body, request) =>
    removeRibbon(http.db, id, http.write(request)),
  );
};

/** DELETE …/products/{id} as both the write proxy and the product writes serve it. */
function deleteRoute(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  url: string,
  http: CatalogHttp,
  guard: ReturnType<typeof requireMerchant>,
): void {
  app.delete(
    url,
    {
      schema: {
        summary: 'Delete a product',
        tags,
        params: ProductIdParams,
        response: { 200: EmptyResponse },
      },
      onRequest: guard,
      config: CATALOG_WRITE,
    },
    async (request) => {
      await deleteProduct(http.db, request.params.id, http.write(request));
      return {};
    },
  );
}

function mediaBody() {
  return Type.Object({ media: Type.Array(MediaWrite, { minItems: 1, maxItems: 50 }) });
}
function idsBody() {
  return Type.Object({
    mediaIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  });
}
