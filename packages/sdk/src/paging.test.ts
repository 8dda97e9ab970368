import { describe, expect, it, vi } from 'vitest';
import { createQueryResult, type QueryExecutor, type QueryMetadata, type QueryRequest } from './paging.js';

const request = (limit: number, offset: number): QueryRequest => ({
  filter: { visible: true },
  sort: [{ fieldName: 'price', order: 'ASC' }],
  paging: { limit, offset },
});
const items = (n: number) => Array.from({ length: n }, (_, i) => i);
const unused: QueryExecutor<number> = async () => {
  throw new Error('not expected to run');
};

describe('page math', () => {
  it.each<{
    name: string;
    limit: number;
    offset: number;
    count: number;
    metadata: QueryMetadata;
    totalCount: number | undefined;
    currentPage: number;
    totalPages: number | undefined;
    hasNext: boolean;
    hasPrev: boolean;
  }>([
    {
      name: 'first of two pages',
      limit: 2,
      offset: 0,
      count: 2,
      metadata: { total: 3 },
      totalCount: 3,
      currentPage: 0,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    },
    {
      name: 'last page, partial',
      limit: 2,
      offset: 2,
      count: 1,
      metadata: { total: 3 },
      totalCount: 3,
      currentPage: 1,
      totalPages: 2,
      hasNext: false,
      hasPrev: true,
    },
    {
      name: 'exactly full last page',
      limit: 50,
      offset: 50,
      count: 50,
      metadata: { total: 100 },
      totalCount: 100,
      currentPage: 1,
      totalPages: 2,
      hasNext: false,
      hasPrev: true,
    },
    {
      name: 'one item more than two pages',
      limit: 50,
      offset: 50,
      count: 50,
      metadata: { total: 101 },
      totalCount: 101,
      currentPage: 1,
      totalPages: 3,
      hasNext: true,
      hasPrev: true,
    },
    {
      name: 'no results',
      limit: 50,
      offset: 0,
      count: 0,
      metadata: { total: 0 },
      totalCount: 0,
      currentPage: 0,
      totalPages: 0,
      hasNext: false,
      hasPrev: false,
    },
    {
      name: 'tooManyToCount with a full page: there may be more',
      limit: 2,
      offset: 4,
      count: 2,
      metadata: { total: 1000, tooManyToCount: true },
      totalCount: undefined,
      currentPage: 2,
      totalPages: undefined,
      hasNext: true,
      hasPrev: true,
    },
    {
      name: 'tooManyToCount with a partial page: the end',
      limit: 2,
      offset: 4,
      count: 1,
      metadata: { tooManyToCount: true },
      totalCount: undefined,
      currentPage: 2,
      totalPages: undefined,
      hasNext: false,
      hasPrev: true,
    },
    {
      name: 'no total at all behaves like tooManyToCount',
      limit: 3,
      offset: 0,
      count: 3,
      metadata: { count: 3 },
      totalCount: undefined,
      currentPage: 0,
      totalPages: undefined,
      hasNext: true,
      hasPrev: false,
    },
    {
      name: 'offset not a multiple of the limit (skip(10).limit(25), 30 items)',
      limit: 25,
      offset: 10,
      count: 20,
      metadata: { total: 30 },
      totalCount: 30,
      currentPage: 0,
      totalPages: 2,
      hasNext: false,
      hasPrev: true,
    },
  ])('$name', (row) => {
    const result = createQueryResult(
      request(row.limit, row.offset),
      { items: items(row.count), metadata: row.metadata },
      unused,
    );
    expect(result.items).toHaveLength(row.count);
    expect(result.pageSize).toBe(row.limit);
    expect(result.totalCount).toBe(row.totalCount);
    expect(result.currentPage).toBe(row.currentPage);
    expect(result.totalPages).toBe(row.totalPages);
    expect(result.hasNext()).toBe(row.hasNext);
    expect(result.hasPrev()).toBe(row.hasPrev);
  });

  it('uses the offset the server reports over the requested one', () => {
    const result = createQueryResult(
      request(10, 0),
      { items: items(10), metadata: { offset: 20, total: 100 } },
      unused,
    );
    expect(result.currentPage).toBe(2);
    expect(result.hasPrev()).toBe(true);
  });
});

describe('next() and prev()', () => {
  it('re-run the same query at offset ± limit', async () => {
    const executor = vi.fn<QueryExecutor<number>>(async (query) => ({
      items: items(2),
      metadata: { offset: query.paging.offset, total: 6 },
    }));
    const first = createQueryResult(
      request(2, 0),
      { items: items(2), metadata: { offset: 0, total: 6 } },
      executor,
    );
    const second = await first.next();
    expect(executor).toHaveBeenLastCalledWith({ ...request(2, 2), paging: { limit: 2, offset: 2 } });
    expect(second.currentPage).toBe(1);
    const third = await second.next();
    expect(third.currentPage).toBe(2);
    expect(third.hasNext()).toBe(false);
    const back = await third.prev();
    expect(executor).toHaveBeenLastCalledWith(request(2, 2));
    expect(back.currentPage).toBe(1);
    expect(back.query).toEqual(request(2, 2));
  });

  it('prev() never asks for a negative offset', async () => {
    const executor = vi.fn<QueryExecutor<number>>(async () => ({ items: items(2), metadata: { total: 6 } }));
    await createQueryResult(request(2, 1), { items: items(2), metadata: { total: 6 } }, executor).prev();
    expect(executor).toHaveBeenCalledWith(request(2, 0));
  });

  it('next() on the last page rejects with "No next page to fetch" without a request', async () => {
    const executor = vi.fn<QueryExecutor<number>>();
    const last = createQueryResult(request(2, 2), { items: items(1), metadata: { total: 3 } }, executor);
    await expect(last.next()).rejects.toThrow(new Error('No next page to fetch'));
    expect(executor).not.toHaveBeenCalled();
  });

  it('prev() on the first page rejects with "No previous page to fetch" without a request', async () => {
    const executor = vi.fn<QueryExecutor<number>>();
    const first = createQueryResult(request(2, 0), { items: items(2), metadata: { total: 3 } }, executor);
    await expect(first.prev()).rejects.toThrow(new Error('No previous page to fetch'));
    expect(executor).not.toHaveBeenCalled();
  });

  it('pages forward through a tooManyToCount result until a partial page', async () => {
    const executor = vi.fn<QueryExecutor<number>>(async (query) => ({
      items: items(query.paging.offset >= 4 ? 1 : 2),
      metadata: { tooManyToCount: true },
    }));
    let page = createQueryResult(
      request(2, 0),
      { items: items(2), metadata: { tooManyToCount: true } },
      executor,
    );
    while (page.hasNext()) page = await page.next();
    expect(page.currentPage).toBe(2);
    expect(executor).toHaveBeenCalledTimes(2);
  });
});
