// Catalog reads for products (wire-protocol.md §4.3, docs/api/catalog.md, "Search and facets" there).

import {
  OPTIONS_AVAILABILITY_WIRE,
  type OptionsAvailability,
  PRODUCT_VARIANTS_WIRE,
  PRODUCT_WIRE,
  type Product,
  type ProductVariants,
  type QueryProductVariantsOptions,
  SEARCH_FACETS_WIRE,
  type SearchFacets,
  type SearchProductsOptions,
  STORE_VARIANT_WIRE,
  type StoreVariant,
} from '../entities/index.js';
import type { QueryMetadata } from '../paging.js';
import { type QueryBuilder, queryProducts } from '../query.js';
import { reviveEntity, withUpdatedDate } from '../wire.js';
import { anonymousAllowed, type ClientContext, segment } from './context.js';

const READ = '/stores-reader/v1';

/** Options of {@link ProductsModule.query}. */
export interface ProductQueryOptions {
  /** Include each product's `variants` (default true, as the server does). */
  includeVariants?: boolean;
}

/** One page of a product search: the products, paging metadata and facet counts over every match. */
export interface ProductSearchResult {
  items: Product[];
  /** Number of matches; `undefined` when there are too many to count. */
  totalCount: number | undefined;
  metadata: QueryMetadata;
  facets: SearchFacets;
}

/** Products: query, get, search with facets, option availability and variants. */
export interface ProductsModule {
  /**
   * Starts a product query; `find()` runs it.
   *
   * @example
   * ```ts
   * const page = await client.products.query().eq('collectionIds', col.id).ascending('price').limit(12).find();
   * ```
   */
  query(options?: ProductQueryOptions): QueryBuilder<Product>;
  /**
   * A product by id; throws an `ApplicationError` (status 404) when there is none.
   *
   * @example
   * ```ts
   * const product = await client.products.get('0a1b…');
   * ```
   */
  get(id: string): Promise<Product>;
  /**
   * A product by slug, or `undefined` when no visible product has it.
   *
   * @example
   * ```ts
   * const product = await client.products.getBySlug(params.slug);
   * if (!product) throw new Response('Not found', { status: 404 });
   * ```
   */
  getBySlug(slug: string): Promise<Product | undefined>;
  /**
   * Full-text search (typo tolerant) with facet counts (our extension).
   *
   * @example
   * ```ts
   * const { items, facets } = await client.products.search({
   *   search: { expression: 'wool blanket' }, query: { paging: { limit: 20 } }, facets: ['brands', 'prices'],
   * });
   * ```
   */
  search(options: SearchProductsOptions): Promise<ProductSearchResult>;
  /**
   * Which choices are still available once some are chosen, and the variant they select.
   *
   * @example
   * ```ts
   * const { selectedVariant, availableForPurchase } = await client.products.getOptionsAvailability(id, { Size: 'M' });
   * ```
   */
  getOptionsAvailability(id: string, choices: Record<string, string>): Promise<OptionsAvailability>;
  /**
   * Variants of one product, optionally only those with given choices or ids.
   *
   * @example
   * ```ts
   * const { variants } = await client.products.queryVariants(id, { choices: { Color: 'Blue' } });
   * ```
   */
  queryVariants(id: string, options?: QueryProductVariantsOptions): Promise<ProductVariants>;
  /**
   * Starts a query over every variant in the store (id `{productId}-{variantId}`).
   *
   * @example
   * ```ts
   * const page = await client.products.queryStoreVariants().eq('productId', id).find();
   * ```
   */
  queryStoreVariants(): QueryBuilder<StoreVariant>;
  /**
   * One store variant by its id `{productId}-{variantId}`.
   *
   * @example
   * ```ts
   * const variant = await client.products.getStoreVariant(`${productId}-${variantId}`);
   * ```
   */
  getStoreVariant(id: string): Promise<StoreVariant>;
}

const reviveProduct = (wire: unknown): Product => withUpdatedDate(reviveEntity<Product>(wire, PRODUCT_WIRE));
const reviveStoreVariant = (wire: unknown): StoreVariant =>
  reviveEntity<StoreVariant>(wire, STORE_VARIANT_WIRE);

/**
 * Creates the products module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const products = createProductsModule(context);
 * const page = await products.query().find();
 * ```
 */
export function createProductsModule(context: ClientContext): ProductsModule {
  const transport = anonymousAllowed(context.transport);
  const query = (options: ProductQueryOptions = {}): QueryBuilder<Product> =>
    queryProducts<Product>(async (request) => {
      const reply = await transport.queryRequest<{ products: unknown[]; metadata: QueryMetadata }>(
        `${READ}/products/query-platformized`,
        { query: request, ...(options.includeVariants === false ? { includeVariants: false } : {}) },
      );
      return { items: reply.products.map(reviveProduct), metadata: reply.metadata };
    });

  return {
    query,
    async get(id) {
      const reply = await transport.request<{ product: unknown }>({
        method: 'GET',
        path: `${READ}/products/${segment(id)}`,
      });
      return reviveProduct(reply.product);
    },
    async getBySlug(slug) {
      const page = await query().eq('slug', slug).limit(1).find();
      return page.items[0];
    },
    async search(options) {
      const reply = await transport.request<{
        products: unknown[];
        metadata: QueryMetadata;
        facets: SearchFacets;
      }>({ method: 'POST', path: `${READ}/products/search`, body: options });
      return {
        items: reply.products.map(reviveProduct),
        totalCount: reply.metadata.tooManyToCount ? undefined : reply.metadata.total,
        metadata: reply.metadata,
        facets: reviveEntity<SearchFacets>(reply.facets, SEARCH_FACETS_WIRE),
      };
    },
    async getOptionsAvailability(id, choices) {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${READ}/products/${segment(id)}/productOptionsAvailability`,
        body: { options: choices },
        argumentNames: { options: 'choices' },
      });
      return reviveEntity<OptionsAvailability>(reply, OPTIONS_AVAILABILITY_WIRE);
    },
    async queryVariants(id, options = {}) {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${READ}/products/${segment(id)}/variants/query`,
        body: options,
      });
      return reviveEntity<ProductVariants>(reply, PRODUCT_VARIANTS_WIRE);
    },
    queryStoreVariants() {
      return queryProducts<StoreVariant>(async (request) => {
        const reply = await transport.queryRequest<{ variants: unknown[]; metadata: QueryMetadata }>(
          `${READ}/variants/query`,
          { query: request },
        );
        return { items: reply.variants.map(reviveStoreVariant), metadata: reply.metadata };
      });
    },
    async getStoreVariant(id) {
      const reply = await transport.request<{ variant: unknown }>({
        method: 'GET',
        path: `${READ}/variants/${segment(id)}`,
      });
      return reviveStoreVariant(reply.variant);
    },
  };
}
