import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { requireMerchant } from '../../http/plugins/auth.js';
import type { CatalogHttp } from './catalog-http.js';
import { onPaths, WRITE_PREFIXES } from './catalog-http.js';
import {
  addChoiceMedia,
  addProductMedia,
  deleteProductOptions,
  removeBrand,
  removeChoiceMedia,
  removeProductMedia,
  removeRibbon,
} from './product-edits.service.js';
import { type ProductInput, Violations } from './product-input.js';
import { mediaRefsIn, productInputIn, productOut } from './product-wire.js';
import { createProduct, deleteProduct, updateProduct } from './product-write.service.js';
import {
  CreateProductRequest,
  EmptyResponse,
  MediaWrite,
  ProductIdParams,
  ProductResponse,
  UpdateProductRequest,
} from './products.contract.js';

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

/** Product writes (merchants only): v1, platformized v1 and the v2 write proxy share the handlers. */
export const productWriteRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const tags = ['catalog: products (write)'];
  const guard = requireMerchant();
  const kinds = [
    [WRITE_PREFIXES, '/products'],
    [WRITE_PREFIXES, '/products-platformized'],
    [['/v2'], '/products-platformized'],
  ] as const;

  for (const [prefixes, path] of kinds) {
    onPaths(prefixes, path, (url, alias) =>
      app.post(
        url,
        {
          schema: {
            summary: 'Create a product',
            tags,
            hide: alias,
            body: CreateProductRequest,
            response: { 200: ProductResponse },
          },
          onRequest: guard,
        },
        async (request) => {
          const v = new Violations();
          const input = productInputIn(request.body.product, http.currency, v);
          v.throwIfAny();
          const view = await createProduct(
            http.db,
            input as ProductInput & { name: string; priceMinor: number },
            http.write(request),
          );
          return { product: productOut(view, http.wire(request, { merchantData: true })) };
        },
      ),
    );
    onPaths(prefixes, `${path}/:id`, (url, alias) =>
      app.patch(
        url,
        {
          schema: {
            summary: 'Update a product (fields given are changed; changing options regenerates variants)',
            tags,
            hide: alias,
            params: ProductIdParams,
            body: UpdateProductRequest,
            response: { 200: ProductResponse },
          },
          onRequest: guard,
        },
        async (request) => {
          const v = new Violations();
          const input = productInputIn(request.body.product, http.currency, v);
          v.throwIfAny();
          const view = await updateProduct(http.db, request.params.id, input, http.write(request));
          return { product: productOut(view, http.wire(request, { merchantData: true })) };
        },
      ),
    );
    onPaths(prefixes, `${path}/:id`, (url, alias) =>
      app.delete(
        url,
        {
          schema: {
            summary: 'Delete a product',
            tags,
            hide: alias,
            params: ProductIdParams,
            response: { 200: EmptyResponse },
          },
          onRequest: guard,
        },
        async (request) => {
          await deleteProduct(http.db, request.params.id, http.write(request));
          return {};
        },
      ),
    );
  }

  const edit = (
    method: 'POST' | 'PATCH' | 'DELETE',
    suffix: string,
    summary: string,
    body: typeof ChoiceMediaRequest | ReturnType<typeof mediaBody> | ReturnType<typeof idsBody> | undefined,
    run: (id: string, body: never, request: Parameters<typeof http.write>[0]) => Promise<unknown>,
  ) =>
    onPaths(WRITE_PREFIXES, `/products/:id${suffix}`, (url, alias) =>
      app.route({
        method,
        url,
        schema: {
          summary,
          tags,
          hide: alias,
          params: ProductIdParams,
          ...(body ? { body } : {}),
          response: { 200: EmptyResponse },
        },
        onRequest: guard,
        handler: async (request) => {
          await run((request.params as { id: string }).id, request.body as never, request);
          return {};
        },
      }),
    );

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

function mediaBody() {
  return Type.Object({ media: Type.Array(MediaWrite, { minItems: 1, maxItems: 50 }) });
}
function idsBody() {
  return Type.Object({
    mediaIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  });
}
