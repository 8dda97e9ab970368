// Catalog reads for collections (wire-protocol.md §4.4: the "v2" read API).

import { COLLECTION_WIRE, type Collection } from '../entities/index.js';
import { isApplicationError } from '../errors.js';
import type { QueryMetadata } from '../paging.js';
import { type QueryBuilder, queryCollections } from '../query.js';
import { reviveEntity, withUpdatedDate } from '../wire.js';
import { anonymousAllowed, type ClientContext, segment } from './context.js';

/** Collections: query, get by id or slug. */
export interface CollectionsModule {
  /**
   * Starts a collections query; `find()` runs it.
   *
   * @example
   * ```ts
   * const { items } = await client.collections.query().eq('visible', true).ascending('name').find();
   * ```
   */
  query(): QueryBuilder<Collection>;
  /**
   * A collection by id; throws an `ApplicationError` (status 404) when there is none.
   *
   * @example
   * ```ts
   * const collection = await client.collections.get(id);
   * ```
   */
  get(id: string): Promise<Collection>;
  /**
   * A collection by slug, or `undefined` when there is none (like `products.getBySlug`).
   *
   * @example
   * ```ts
   * const collection = await client.collections.getBySlug('summer');
   * ```
   */
  getBySlug(slug: string): Promise<Collection | undefined>;
}

const revive = (wire: unknown): Collection =>
  withUpdatedDate(reviveEntity<Collection>(wire, COLLECTION_WIRE));

/**
 * Creates the collections module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const collections = createCollectionsModule(context);
 * ```
 */
export function createCollectionsModule(context: ClientContext): CollectionsModule {
  const transport = anonymousAllowed(context.transport);
  return {
    query: () =>
      queryCollections<Collection>(async (request) => {
        const reply = await transport.queryRequest<{ collections: unknown[]; metadata: QueryMetadata }>(
          '/v2/collections/query',
          { query: request },
        );
        return { items: reply.collections.map(revive), metadata: reply.metadata };
      }),
    async get(id) {
      const reply = await transport.request<{ collection: unknown }>({
        method: 'GET',
        path: `/v2/collections/${segment(id)}`,
      });
      return revive(reply.collection);
    },
    async getBySlug(slug) {
      try {
        const reply = await transport.request<{ collection: unknown }>({
          method: 'GET',
          path: `/v2/collections/slug/${segment(slug)}`,
        });
        return revive(reply.collection);
      } catch (error) {
        if (isApplicationError(error) && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
