import {
  type Adjustment,
  BULK_RESULT_WIRE,
  type BulkResult,
  COLLECTION_WIRE,
  type Collection,
  type CollectionInput,
  type CreateCollectionInput,
  type CreateProductInput,
  type ListMetadata,
  type MediaInput,
  PRODUCT_WIRE,
  type Product,
  type ProductInput,
  VARIANT_WIRE,
  type Variant,
  type VariantUpdate,
} from '../entities/index.js';
import type { Transport } from '../transport.js';
import { reviveEntity } from '../wire.js';
import type { BulkField, ProductListParams, ProductPage } from './catalog-types.js';

const STORES = '/stores/v1';
const path = (...parts: string[]) => `${STORES}/${parts.map(encodeURIComponent).join('/')}`;

/** Products as the merchant sees them: hidden ones included, with cost and profit. */
export function productsModule(transport: Transport) {
  const productReply = async (reply: Promise<{ product: unknown }>) =>
    reviveEntity<Product>((await reply).product, PRODUCT_WIRE);
  return {
    /** A page of products, newest first unless `sort` says otherwise; `search` is typo-tolerant full text. */
    async list(params: ProductListParams = {}): Promise<ProductPage> {
      const query = {
        ...(params.filter ? { filter: params.filter } : {}),
        sort: params.sort ?? (params.search ? undefined : [{ fieldName: 'createdDate', order: 'DESC' }]),
        paging: { limit: params.limit ?? 20, offset: params.offset ?? 0 },
      };
      const reply = await transport.request<{ products: unknown[]; metadata: ListMetadata }>(
        params.search
          ? {
              method: 'POST',
              path: `${STORES}/products/search`,
              body: { search: { expression: params.search }, query },
            }
          : {
              method: 'POST',
              path: `${STORES}/products/query`,
              body: { query, includeMerchantSpecificData: true },
            },
      );
      return {
        products: reply.products.map((product) => reviveEntity<Product>(product, PRODUCT_WIRE)),
        metadata: reply.metadata,
      };
    },
    get: (id: string): Promise<Product> =>
      productReply(
        transport.request({
          method: 'GET',
          path: path('products', id),
          query: { includeMerchantSpecificData: true },
        }),
      ),
    create: (product: CreateProductInput): Promise<Product> =>
      productReply(transport.request({ method: 'POST', path: `${STORES}/products`, body: { product } })),
    update: (id: string, product: ProductInput): Promise<Product> =>
      productReply(transport.request({ method: 'PATCH', path: path('products', id), body: { product } })),
    async delete(id: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: path('products', id) });
    },
    /** Changes variants picked by `choices` or `variantIds`: price, cost, weight, SKU, visibility, stock. */
    async updateVariants(id: string, variants: VariantUpdate[]): Promise<Variant[]> {
      const reply = await transport.request<{ variants: unknown[] }>({
        method: 'PATCH',
        path: path('products', id, 'variants'),
        body: { variants },
      });
      return reply.variants.map((variant) => reviveEntity<Variant>(variant, VARIANT_WIRE));
    },
    async removeOptions(id: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: path('products', id, 'options') });
    },
    /** Adds media-library files (by id) or URLs to the product's gallery. */
    async addMedia(id: string, media: MediaInput[]): Promise<void> {
      await transport.request({ method: 'POST', path: path('products', id, 'media'), body: { media } });
    },
    async removeMedia(id: string, mediaIds: string[]): Promise<void> {
      await transport.request({
        method: 'POST',
        path: path('products', id, 'media', 'delete'),
        body: { mediaIds },
      });
    },
    /** Sets price, cost or weight of every product in `ids` to one value, in one transaction. */
    async bulkSet(ids: string[], field: BulkField, value: number): Promise<BulkResult> {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${STORES}/bulk/products/update`,
        body: { ids, set: { [field]: value } },
      });
      return reviveEntity<BulkResult>(reply, BULK_RESULT_WIRE);
    },
    /** Moves price, cost or weight of every product in `ids` by an amount or a percentage. */
    async bulkAdjust(ids: string[], field: BulkField, adjustment: Adjustment): Promise<BulkResult> {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${STORES}/bulk/products/adjust-properties`,
        body: { ids, adjust: { [field]: adjustment } },
      });
      return reviveEntity<BulkResult>(reply, BULK_RESULT_WIRE);
    },
  };
}

/** Collections: create, change, delete, and which products they hold. */
export function collectionsModule(transport: Transport) {
  const collectionReply = async (reply: Promise<{ collection: unknown }>) =>
    reviveEntity<Collection>((await reply).collection, COLLECTION_WIRE);
  return {
    async list(params: { limit?: number; offset?: number } = {}) {
      const reply = await transport.request<{ collections: unknown[]; metadata: ListMetadata }>({
        method: 'POST',
        path: '/v2/collections/query',
        body: { query: { paging: { limit: params.limit ?? 100, offset: params.offset ?? 0 } } },
      });
      return {
        collections: reply.collections.map((collection) =>
          reviveEntity<Collection>(collection, COLLECTION_WIRE),
        ),
        metadata: reply.metadata,
      };
    },
    get: (id: string): Promise<Collection> =>
      collectionReply(
        transport.request({ method: 'GET', path: `/v2/collections/${encodeURIComponent(id)}` }),
      ),
    create: (collection: CreateCollectionInput): Promise<Collection> =>
      collectionReply(
        transport.request({ method: 'POST', path: `${STORES}/collections`, body: { collection } }),
      ),
    update: (id: string, collection: CollectionInput): Promise<Collection> =>
      collectionReply(
        transport.request({ method: 'PATCH', path: path('collections', id), body: { collection } }),
      ),
    async delete(id: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: path('collections', id) });
    },
    async addProducts(id: string, productIds: string[]): Promise<void> {
      await transport.request({
        method: 'POST',
        path: path('collections', id, 'productIds'),
        body: { productIds },
      });
    },
    async removeProducts(id: string, productIds: string[]): Promise<void> {
      await transport.request({
        method: 'POST',
        path: path('collections', id, 'productIds', 'delete'),
        body: { productIds },
      });
    },
  };
}
