// Query results and offset paging (spec §9). Totals come only from `metadata.total` (wire-protocol.md §3).
// Unlike the public SDK, a result whose total is too large to count can still page forward: a full page
// means there may be more.

/** A filter in wire form, e.g. `{"$and":[{"visible":true},{"price":{"$gt":10}}]}`. */
export type WireFilter = Record<string, unknown>;

/** One sort key in wire form. */
export interface QuerySort {
  fieldName: string;
  order: 'ASC' | 'DESC';
}

/** Offset paging in wire form. */
export interface QueryPaging {
  limit: number;
  offset: number;
}

/** What a query builder hands to its executor; `sort` is left out when no sort was asked for. */
export interface QueryRequest {
  filter: WireFilter;
  sort?: QuerySort[];
  paging: QueryPaging;
}

/** Paging metadata of a query reply. */
export interface QueryMetadata {
  count?: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
}

/** What an executor returns: the page of items and the reply's metadata. */
export interface QueryPage<TItem> {
  items: TItem[];
  metadata: QueryMetadata;
}

/** Runs one query against the server (usually `transport.queryRequest` plus unwrapping). */
export type QueryExecutor<TItem> = (query: QueryRequest) => Promise<QueryPage<TItem>>;

/** One page of query results, with navigation to the neighbouring pages. */
export interface QueryResult<TItem> {
  readonly items: TItem[];
  /** `metadata.total`; `undefined` when the server reports `tooManyToCount` or sends no total. */
  readonly totalCount: number | undefined;
  /** The requested page size (`limit`). */
  readonly pageSize: number;
  /** `Math.floor(offset / limit)`, zero-based. */
  readonly currentPage: number;
  /** `Math.ceil(total / limit)`; `undefined` when the total is unknown. */
  readonly totalPages: number | undefined;
  /** The query that produced this page. */
  readonly query: QueryRequest;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** Fetches the page at `offset + limit`; throws `No next page to fetch` when there is none. */
  next(): Promise<QueryResult<TItem>>;
  /** Fetches the page at `offset - limit`; throws `No previous page to fetch` when there is none. */
  prev(): Promise<QueryResult<TItem>>;
}

/** Default page size and offset (spec §9). */
export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_OFFSET = 0;

/**
 * Wraps one executor reply as a {@link QueryResult}. Query builders call this; use it directly only when
 * writing your own executor-based query.
 *
 * @example
 * ```ts
 * const query = { filter: {}, paging: { limit: 10, offset: 0 } };
 * const page = createQueryResult(query, await executor(query), executor);
 * if (page.hasNext()) await page.next();
 * ```
 */
export function createQueryResult<TItem>(
  query: QueryRequest,
  page: QueryPage<TItem>,
  executor: QueryExecutor<TItem>,
): QueryResult<TItem> {
  const { limit } = query.paging;
  const offset = typeof page.metadata.offset === 'number' ? page.metadata.offset : query.paging.offset;
  const items = page.items;
  const totalCount =
    page.metadata.tooManyToCount === true || typeof page.metadata.total !== 'number'
      ? undefined
      : page.metadata.total;
  const totalPages = totalCount === undefined ? undefined : Math.ceil(totalCount / limit);

  const hasNext = (): boolean =>
    // With a known total, `offset + limit < total` equals the spec's `currentPage < totalPages - 1` for
    // page-aligned offsets and stays right after `skip(n)` with an n that is not a multiple of the limit.
    // Without one, a full page is the only hint that more items follow.
    totalCount === undefined ? items.length === limit : offset + limit < totalCount;
  const hasPrev = (): boolean => offset > 0;

  const fetchAt = async (nextOffset: number): Promise<QueryResult<TItem>> => {
    const nextQuery: QueryRequest = { ...query, paging: { limit, offset: nextOffset } };
    return createQueryResult(nextQuery, await executor(nextQuery), executor);
  };

  return {
    items,
    totalCount,
    pageSize: limit,
    currentPage: Math.floor(offset / limit),
    totalPages,
    query,
    hasNext,
    hasPrev,
    next: async () => {
      if (!hasNext()) throw new Error('No next page to fetch');
      return fetchAt(offset + limit);
    },
    prev: async () => {
      if (!hasPrev()) throw new Error('No previous page to fetch');
      return fetchAt(Math.max(0, offset - limit));
    },
  };
}
