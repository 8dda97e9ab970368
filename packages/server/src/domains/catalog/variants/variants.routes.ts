import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerQueryRoute } from '../../../lib/http/query-route.js';
import { Violations } from '../../../lib/http/violations.js';
import { requireMerchant } from '../../access/index.js';
import type { CatalogHttp } from '../catalog.http.js';
import { CATALOG_WRITE } from '../catalog.http.js';
import { QueryBody } from '../collections/collections.contract.js';
import {
  absoluteUrl,
  mediaOut,
  priceData,
  productOut,
  variantOut,
  type WireContext,
} from '../products/product.mapper.js';
import type { ProductView, VariantView } from '../products/product.rules.js';
import { variantInputIn } from '../products/product-in.mapper.js';
import { EmptyResponse, ProductIdParams } from '../products/products.contract.js';
import { getStoreVariant, queryStoreVariants } from './store-variants.service.js';
import {
  OptionsAvailabilityRequest,
  OptionsAvailabilityResponse,
  QueryProductVariantsRequest,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  StoreVariantIdParams,
  type StoreVariantOut,
  StoreVariantResponse,
  UpdateVariantsRequest,
  VariantsResponse,
} from './variants.contract.js';
import {
  productOptionsAvailability,
  queryProductVariants,
  resetVariants,
  updateVariants,
  variantMedia,
  variantName,
} from './variants.service.js';

function storeVariantOut(
  product: ProductView,
  variant: VariantView,
  ctx: WireContext,
): Static<typeof StoreVariantOut> {
  const media = variantMedia(product, variant);
  const out = variantOut(product, variant, ctx);
  return {
    id: `${product.record.id}-${variant.record.id}`,
    variantId: variant.record.id,
    productId: product.record.id,
    variantName: variantName(product, variant),
    productName: product.record.name,
    managedVariant: Object.keys(variant.record.choices).length > 0,
    ...(variant.sku ? { sku: variant.sku } : {}),
    stock: out.stock,
    choices: variant.record.choices,
    collectionIds: product.record.collectionIds,
    ...(media
      ? {
          media: { [media.mediaType === 'video' ? 'video' : 'image']: absoluteUrl(media.url, ctx.publicUrl) },
        }
      : {}),
    preorderInfo: { enabled: false },
    price: out.variant.priceData,
  };
}

const tags = ['catalog: variants'];

/** Variant reads under a read prefix: availability, variant queries, store variants. */
export const variantReadRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  app.post(
    '/products/:id/productOptionsAvailability',
    {
      schema: {
        summary: 'What a (partial) option selection allows: choice availability, the selected variant, media',
        tags,
        params: ProductIdParams,
        body: OptionsAvailabilityRequest,
        response: { 200: OptionsAvailabilityResponse },
      },
    },
    async (request) => {
      const result = await productOptionsAvailability(http.db, {
        productId: request.params.id,
        options: request.body.options ?? {},
        includeHidden: http.merchant(request),
      });
      const wire = http.wire(request);
      const product = productOut({ ...result.product, choiceAvailability: result.choices }, wire);
      const selected = result.selectedVariant;
      const currency = result.product.record.currency;
      return {
        ...(selected
          ? {
              selectedVariant: {
                id: selected.record.id,
                price: priceData(selected.priceMinor, selected.discountedPriceMinor, currency),
                convertedPriceData: priceData(selected.priceMinor, selected.discountedPriceMinor, currency),
                ...(selected.weight !== null ? { weight: selected.weight } : {}),
                ...(selected.sku ? { sku: selected.sku } : {}),
                ...(selected.record.trackQuantity ? { quantity: selected.record.quantity ?? 0 } : {}),
                inStock: selected.inStock,
                visible: selected.record.visible,
              },
            }
          : {}),
        media: mediaOut(result.media, http.publicUrl),
        productOptions: product.productOptions,
        availableForPurchase: result.availableForPurchase,
      };
    },
  );

  app.post(
    '/products/:id/variants/query',
    {
      schema: {
        summary: "Query a product's variants by choices or ids",
        tags,
        params: ProductIdParams,
        body: QueryProductVariantsRequest,
        response: { 200: QueryProductVariantsResponse },
      },
    },
    async (request) => {
      const result = await queryProductVariants(http.db, {
        productId: request.params.id,
        ...request.body,
        includeHidden: http.merchant(request),
      });
      const wire = http.wire(request, { merchantData: request.body.includeMerchantSpecificData === true });
      return {
        variants: result.variants.map((variant) => variantOut(result.product, variant, wire)),
        metadata: { items: result.variants.length, offset: result.paging.offset },
        totalResults: result.total,
      };
    },
  );

  registerQueryRoute(
    app,
    {
      url: '/variants/query',
      body: QueryBody,
      response: { 200: QueryStoreVariantsResponse },
      summary: 'Query variants across the store',
      tags,
    },
    async (request, body) => {
      const page = await queryStoreVariants(http.db, {
        ...body.query,
        includeHidden: http.merchant(request),
      });
      const wire = http.wire(request);
      return {
        variants: page.items.map(({ product, variant }) => storeVariantOut(product, variant, wire)),
        metadata: page.metadata,
      };
    },
  );

  app.get(
    '/variants/:id',
    {
      schema: {
        summary: 'Get a store variant ({productId}-{variantId})',
        tags,
        params: StoreVariantIdParams,
        response: { 200: StoreVariantResponse },
      },
    },
    async (request) => {
      const { product, variant } = await getStoreVariant(http.db, {
        id: request.params.id,
        includeHidden: http.merchant(request),
      });
      return { variant: storeVariantOut(product, variant, http.wire(request)) };
    },
  );
};

/** Variant writes (merchants) under a write prefix: overrides, reset. */
export const variantWriteRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  app.patch(
    '/products/:id/variants',
    {
      schema: {
        summary: 'Update managed variants (price, cost, weight, SKU, visibility; stock is our extension)',
        tags,
        params: ProductIdParams,
        body: UpdateVariantsRequest,
        response: { 200: VariantsResponse },
      },
      onRequest: requireMerchant(),
      config: CATALOG_WRITE,
    },
    async (request) => {
      const v = new Violations();
      const overrides = request.body.variants.map((override, i) =>
        variantInputIn(override, http.currency, `variants[${i}]`, v),
      );
      v.throwIfAny();
      const view = await updateVariants(http.db, request.params.id, overrides, http.write(request));
      const wire = http.wire(request, { merchantData: true });
      return { variants: view.variants.map((variant) => variantOut(view, variant, wire)) };
    },
  );

  app.post(
    '/products/:id/variants/resetToDefault',
    {
      schema: {
        summary: 'Reset all variant overrides',
        tags,
        params: ProductIdParams,
        response: { 200: EmptyResponse },
      },
      onRequest: requireMerchant(),
      config: CATALOG_WRITE,
    },
    async (request) => {
      await resetVariants(http.db, request.params.id, http.write(request));
      return {};
    },
  );
};
