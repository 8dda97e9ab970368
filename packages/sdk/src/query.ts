// Query builders for products and collections (spec §5, §9; wire form in wire-protocol.md §3). The builder
// only shapes the request; an injected executor talks to the server, so the rules are testable offline and
// the same builder serves products, collections and any future queryable entity.

import {
  createQueryResult,
  DEFAULT_OFFSET,
  DEFAULT_PAGE_SIZE,
  type QueryExecutor,
  type QueryRequest,
  type QueryResult,
  type QuerySort,
} from './paging.js';
import { BaseFilterBuilder, type BuilderState } from './query-filter.js';
import { invalidValue, usage, wireField } from './query-rules.js';

interface QueryOptions {
  readonly sort: readonly QuerySort[];
  readonly limit: number;
  readonly offset: number;
}

const INITIAL_OPTIONS: QueryOptions = { sort: [], limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET };

/**
 * An immutable query: filter operators (see {@link BaseFilterBuilder}) plus sort and paging. `find()` runs it.
 * Argument mistakes anywhere in the chain are reported together by `build()`/`find()` as an
 * `InvalidQueryError`.
 *
 * @example
 * ```ts
 * const page = await queryProducts(run)
 *   .eq('visible', true)
 *   .hasSome('collectionIds', ['col-1', 'col-2'])
 *   .ascending('price')
 *   .limit(2)
 *   .find();
 * ```
 */
export class QueryBuilder<TItem> extends BaseFilterBuilder {
  private readonly executor: QueryExecutor<TItem>;
  private readonly options: QueryOptions;

  constructor(
    executor: QueryExecutor<TItem>,
    state: BuilderState = { conditions: [], errors: [] },
    options: QueryOptions = INITIAL_OPTIONS,
  ) {
    super(state);
    this.executor = executor;
    this.options = options;
  }

  protected derive(state: BuilderState): this {
    return new QueryBuilder(this.executor, state, this.options) as this;
  }

  /** Sorts ascending by each field in turn. @example `q.ascending('price', 'name')` */
  ascending(...fields: string[]): this;
  ascending(...args: unknown[]): this {
    return this.sortBy('ascending', 'ASC', args);
  }

  /** Sorts descending by each field in turn. @example `q.descending('createdDate')` */
  descending(...fields: string[]): this;
  descending(...args: unknown[]): this {
    return this.sortBy('descending', 'DESC', args);
  }

  /** Page size (a positive integer; default 50). @example `q.limit(20)` */
  limit(limit: number): this;
  limit(...args: unknown[]): this {
    const [value] = args;
    const valid = args.length === 1 && Number.isInteger(value) && (value as number) > 0;
    if (valid) return this.with({}, { limit: value as number });
    return this.with(
      {
        errors: [
          args.length === 1
            ? invalidValue('limit', value, 'positive Integer')
            : usage('limit', 'one parameter'),
        ],
      },
      {},
    );
  }

  /** Number of items to skip (a non-negative integer; default 0). @example `q.skip(40)` */
  skip(offset: number): this;
  skip(...args: unknown[]): this {
    const [value] = args;
    const valid = args.length === 1 && Number.isInteger(value) && (value as number) >= 0;
    if (valid) return this.with({}, { offset: value as number });
    return this.with(
      {
        errors: [
          args.length === 1
            ? invalidValue('skip', value, 'non-negative Integer')
            : usage('skip', 'one parameter'),
        ],
      },
      {},
    );
  }

  /**
   * The request the executor will receive; throws `InvalidQueryError` listing every mistake.
   *
   * @example
   * ```ts
   * queryProducts(run).eq('visible', true).limit(2).build();
   * // { filter: { visible: true }, paging: { limit: 2, offset: 0 } }
   * ```
   */
  build(): QueryRequest {
    const filter = this.buildFilter();
    const request: QueryRequest = {
      filter,
      paging: { limit: this.options.limit, offset: this.options.offset },
    };
    if (this.options.sort.length > 0) request.sort = [...this.options.sort];
    return request;
  }

  /**
   * Runs the query and returns the first page (see {@link QueryResult} for paging on).
   *
   * @example
   * ```ts
   * const page = await queryCollections(run).find();
   * page.items; page.totalCount; if (page.hasNext()) await page.next();
   * ```
   */
  async find(): Promise<QueryResult<TItem>> {
    const request = this.build();
    return createQueryResult(request, await this.executor(request), this.executor);
  }

  private sortBy(op: string, order: QuerySort['order'], args: unknown[]): this {
    // A single array is accepted too, as in `ascending(['price', 'name'])`.
    const fields: unknown[] = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
    const errors =
      fields.length === 0
        ? [usage(op, 'at least one parameter')]
        : fields.filter((f) => typeof f !== 'string').map((f) => invalidValue(op, f, 'String'));
    if (errors.length > 0) return this.with({ errors }, {});
    const added = fields.map((f) => ({ fieldName: wireField(f), order }));
    return this.with({}, { sort: [...this.options.sort, ...added] });
  }

  private with(patch: { errors?: string[] }, options: Partial<QueryOptions>): this {
    const state = { ...this.state, errors: [...this.state.errors, ...(patch.errors ?? [])] };
    return new QueryBuilder(this.executor, state, { ...this.options, ...options }) as this;
  }
}

/**
 * Starts a products query. The executor sends the request (normally with `transport.queryRequest` to
 * `/stores-reader/v1/products/query-platformized`, body `{query}`) and returns `{items, metadata}`.
 *
 * @example
 * ```ts
 * const run: QueryExecutor<Product> = async (query) => {
 *   const reply = await transport.queryRequest<{ products: Product[]; metadata: QueryMetadata }>(
 *     '/stores-reader/v1/products/query-platformized', { query });
 *   return { items: reply.products, metadata: reply.metadata };
 * };
 * const page = await queryProducts(run).startsWith('name', 'Mu').find();
 * ```
 */
export function queryProducts<TItem = Record<string, unknown>>(
  executor: QueryExecutor<TItem>,
): QueryBuilder<TItem> {
  return new QueryBuilder(executor);
}

/**
 * Starts a collections query (the server path is `/v2/collections/query`; the reply's array key is
 * `collections`).
 *
 * @example
 * ```ts
 * const page = await queryCollections(run).eq('slug', 'summer').find();
 * ```
 */
export function queryCollections<TItem = Record<string, unknown>>(
  executor: QueryExecutor<TItem>,
): QueryBuilder<TItem> {
  return new QueryBuilder(executor);
}
