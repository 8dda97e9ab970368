import { describe, expect, it, vi } from 'vitest';
import type { QueryExecutor, QueryRequest } from './paging.js';
import { queryCollections, queryProducts } from './query.js';
import { BaseFilterBuilder, FilterBuilder, filter } from './query-filter.js';

type Loose = Record<string, (...args: unknown[]) => Loose> & { errors: readonly string[]; build(): unknown };

/** Calls a builder method with arguments its types would refuse, as a JavaScript caller could. */
function call(builder: object, method: string, ...args: unknown[]): Loose {
  return (builder as Loose)[method]!(...args);
}

const noExecutor: QueryExecutor<unknown> = async () => {
  throw new Error('not expected to run');
};
const q = () => queryProducts(noExecutor);

describe('sort and paging', () => {
  it('defaults to limit 50, offset 0 and sends no sort', () => {
    const request = q().build();
    expect(request).toEqual({ filter: {}, paging: { limit: 50, offset: 0 } });
    expect('sort' in request).toBe(false);
  });

  it('ascending/descending append sort keys with renamed system fields', () => {
    expect(q().ascending('price', 'name').descending('_createdDate').build().sort).toEqual([
      { fieldName: 'price', order: 'ASC' },
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'createdDate', order: 'DESC' },
    ]);
    expect(call(q(), 'descending', ['a', '_id']).build()).toMatchObject({
      sort: [
        { fieldName: 'a', order: 'DESC' },
        { fieldName: 'id', order: 'DESC' },
      ],
    });
  });

  it('limit and skip set paging; the last call wins', () => {
    expect(q().limit(10).skip(30).limit(20).build().paging).toEqual({ limit: 20, offset: 30 });
    expect(q().skip(0).build().paging).toEqual({ limit: 50, offset: 0 });
  });

  it('reproduces the wire example of wire-protocol.md §3 byte for byte', () => {
    const request = q()
      .eq('visible', true)
      .hasSome('collectionIds', ['col-1', 'col-2'])
      .ascending('price')
      .limit(2)
      .build();
    expect(JSON.stringify({ query: request })).toBe(
      '{"query":{"filter":{"$and":[{"visible":true},{"collectionIds":{"$hasSome":["col-1","col-2"]}}]},"paging":{"limit":2,"offset":0},"sort":[{"fieldName":"price","order":"ASC"}]}}',
    );
  });
});

describe('immutability', () => {
  it('each call returns a new builder and leaves the original unchanged', () => {
    const base = q().eq('visible', true);
    const cheap = base.lt('price', 10).limit(5);
    const dear = base.gt('price', 100).descending('price');
    const broken = call(base, 'eq', 1, 2);
    expect(cheap).not.toBe(base);
    expect(base.build()).toEqual({ filter: { visible: true }, paging: { limit: 50, offset: 0 } });
    expect(base.errors).toEqual([]);
    expect(cheap.build()).toEqual({
      filter: { $and: [{ visible: true }, { price: { $lt: 10 } }] },
      paging: { limit: 5, offset: 0 },
    });
    expect(dear.build()).toEqual({
      filter: { $and: [{ visible: true }, { price: { $gt: 100 } }] },
      sort: [{ fieldName: 'price', order: 'DESC' }],
      paging: { limit: 50, offset: 0 },
    });
    expect(broken.errors).toHaveLength(1);
  });

  it('build() returns fresh objects, so mutating a result does not leak into the builder', () => {
    const builder = q().ascending('a');
    builder.build().sort?.push({ fieldName: 'x', order: 'ASC' });
    expect(builder.build().sort).toEqual([{ fieldName: 'a', order: 'ASC' }]);
  });

  it('filter builders are instances of the shared base and of their own class', () => {
    expect(filter()).toBeInstanceOf(FilterBuilder);
    expect(filter()).toBeInstanceOf(BaseFilterBuilder);
    expect(filter().eq('a', 1)).toBeInstanceOf(FilterBuilder);
    expect(q().eq('a', 1)).toBeInstanceOf(BaseFilterBuilder);
  });
});

describe('find()', () => {
  it('passes the built request to the executor and wraps its reply', async () => {
    const executor = vi.fn<QueryExecutor<{ id: string }>>(async () => ({
      items: [{ id: 'p1' }],
      metadata: { count: 1, offset: 0, total: 1 },
    }));
    const result = await queryProducts(executor).eq('visible', true).limit(1).find();
    expect(executor).toHaveBeenCalledExactlyOnceWith({
      filter: { visible: true },
      paging: { limit: 1, offset: 0 },
    });
    expect(result.items).toEqual([{ id: 'p1' }]);
    expect(result.totalCount).toBe(1);
    expect(result.query).toEqual<QueryRequest>({
      filter: { visible: true },
      paging: { limit: 1, offset: 0 },
    });
  });

  it('queryCollections builds the same way', async () => {
    const executor = vi.fn<QueryExecutor<unknown>>(async () => ({ items: [], metadata: { total: 0 } }));
    await queryCollections(executor).eq('slug', 'summer').find();
    expect(executor).toHaveBeenCalledWith({ filter: { slug: 'summer' }, paging: { limit: 50, offset: 0 } });
  });
});
