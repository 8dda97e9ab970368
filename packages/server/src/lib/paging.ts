import Type from 'typebox';

/** Spec §9: default page size 50, offset 0. The maximum keeps one request's work bounded. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export const OffsetPagingSchema = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_PAGE_SIZE,
        description: `Page size (default ${DEFAULT_PAGE_SIZE})`,
      }),
    ),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Items to skip (default 0)' }),
    ),
  },
  { description: 'Offset paging' },
);

export interface Paging {
  limit: number;
  offset: number;
}

export function resolvePaging(paging: { limit?: number; offset?: number } | undefined): Paging {
  return { limit: paging?.limit ?? DEFAULT_PAGE_SIZE, offset: paging?.offset ?? 0 };
}

/** Results metadata as the protocol's iterators read it (wire-protocol.md §3). */
export interface PagingMetadata {
  count: number;
  offset: number;
  total?: number;
  tooManyToCount: boolean;
}

export const PagingMetadataSchema = Type.Object({
  count: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Optional(Type.Integer()),
  tooManyToCount: Type.Boolean(),
});

export function pagingMetadata(count: number, paging: Paging, total: number | undefined): PagingMetadata {
  return total === undefined
    ? { count, offset: paging.offset, tooManyToCount: true }
    : { count, offset: paging.offset, total, tooManyToCount: false };
}
