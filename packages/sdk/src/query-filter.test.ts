import { describe, expect, it } from 'vitest';
import { filter } from './query-filter.js';
import { foldAnd, typeName } from './query-rules.js';
import { call, date, iso, q } from './testing/query-builders.js';

// Valid filters and how they combine into the wire filter. Invalid input: query-filter-errors.test.ts.
describe('filter operators: valid input → wire filter', () => {
  it.each<[string, unknown[], unknown]>([
    ['eq', ['visible', true], { visible: true }],
    ['eq', ['ribbon', undefined], { ribbon: null }],
    ['eq', ['ribbon', null], { ribbon: null }],
    ['eq', ['name', 'Mug'], { name: 'Mug' }],
    ['eq', ['options', { a: 1 }], { options: { a: 1 } }],
    ['eq', ['createdDate', date], { createdDate: iso }],
    ['eq', ['_id', 'p1'], { id: 'p1' }],
    ['eq', ['_createdDate', date], { createdDate: iso }],
    ['eq', ['_updatedDate', date], { updatedDate: iso }],
    ['eq', ['variants._id', 'v1'], { 'variants.id': 'v1' }],
    ['eq', ['lastUpdated', date], { lastUpdated: iso }],
    ['ne', ['productType', 'digital'], { productType: { $ne: 'digital' } }],
    ['ne', ['_id', 'p1'], { id: { $ne: 'p1' } }],
    ['ne', ['ribbon', undefined], { ribbon: { $ne: null } }],
    ['gt', ['price', 10], { price: { $gt: 10 } }],
    ['gt', ['name', 'M'], { name: { $gt: 'M' } }],
    ['gt', ['createdDate', date], { createdDate: { $gt: iso } }],
    ['gt', ['weight', Number.POSITIVE_INFINITY], { weight: { $gt: 'Infinity' } }],
    ['ge', ['price', 0], { price: { $gte: 0 } }],
    ['ge', ['_createdDate', date], { createdDate: { $gte: iso } }],
    ['lt', ['price', -1.5], { price: { $lt: -1.5 } }],
    ['lt', ['weight', Number.NEGATIVE_INFINITY], { weight: { $lt: '-Infinity' } }],
    ['le', ['sku', 'Z'], { sku: { $lte: 'Z' } }],
    ['le', ['lastUpdated', date], { lastUpdated: { $lte: iso } }],
    ['startsWith', ['name', 'Mu'], { name: { $startsWith: 'Mu' } }],
    ['startsWith', ['name', ''], { name: { $startsWith: '' } }],
    ['endsWith', ['slug', '-mug'], { slug: { $endsWith: '-mug' } }],
    ['contains', ['description', 'organic'], { description: { $contains: 'organic' } }],
    ['hasSome', ['collectionIds', ['col-1', 'col-2']], { collectionIds: { $hasSome: ['col-1', 'col-2'] } }],
    ['hasSome', ['collectionIds', 'col-1', 'col-2'], { collectionIds: { $hasSome: ['col-1', 'col-2'] } }],
    ['hasSome', ['collectionIds', 'col-1'], { collectionIds: { $hasSome: ['col-1'] } }],
    ['hasSome', ['collectionIds', []], { collectionIds: { $hasSome: [] } }],
    ['hasSome', ['dates', [date, 1, 'x']], { dates: { $hasSome: [iso, 1, 'x'] } }],
    ['hasAll', ['tags', ['red', 'large']], { tags: { $hasAll: ['red', 'large'] } }],
    ['hasAll', ['tags', 'red', 'large'], { tags: { $hasAll: ['red', 'large'] } }],
    ['in', ['_id', ['p1', 'p2']], { id: { $in: ['p1', 'p2'] } }],
    ['in', ['price', 1, 2, 3], { price: { $in: [1, 2, 3] } }],
    ['in', ['createdDate', [date]], { createdDate: { $in: [iso] } }],
    ['exists', ['ribbon'], { ribbon: { $exists: true } }],
    ['exists', ['ribbon', true], { ribbon: { $exists: true } }],
    ['exists', ['ribbon', false], { ribbon: { $exists: false } }],
    ['exists', ['_id'], { id: { $exists: true } }],
    ['isEmpty', ['ribbon'], { ribbon: null }],
    ['isEmpty', ['_updatedDate'], { updatedDate: null }],
    ['isNotEmpty', ['ribbon'], { ribbon: { $ne: null } }],
    ['between', ['price', 10, 20], { price: { $gte: 10, $lt: 20 } }],
    ['between', ['name', 'a', 'n'], { name: { $gte: 'a', $lt: 'n' } }],
    [
      'between',
      ['_createdDate', date, new Date('2024-06-01T00:00:00.000Z')],
      { createdDate: { $gte: iso, $lt: '2024-06-01T00:00:00.000Z' } },
    ],
  ])('%s(%j)', (method, args, expected) => {
    const builder = call(q(), method, ...args);
    expect(builder.errors).toEqual([]);
    expect(builder.build()).toEqual({ filter: expected, paging: { limit: 50, offset: 0 } });
    // The standalone filter builder produces the same condition.
    expect(call(filter(), method, ...args).build()).toEqual(expected);
  });
});

describe('combining conditions', () => {
  it('folds several conditions into $and, in call order', () => {
    expect(q().eq('visible', true).gt('price', 1).lt('price', 5).build().filter).toEqual({
      $and: [{ visible: true }, { price: { $gt: 1 } }, { price: { $lt: 5 } }],
    });
  });

  it('an empty query has the empty filter and a single condition is not wrapped', () => {
    expect(q().build().filter).toEqual({});
    expect(q().eq('a', 1).build().filter).toEqual({ a: 1 });
  });

  it('and() appends the other filter as one condition', () => {
    expect(q().eq('a', 1).and(filter().eq('b', 2)).build().filter).toEqual({ $and: [{ a: 1 }, { b: 2 }] });
    expect(q().and(filter().eq('b', 2)).build().filter).toEqual({ b: 2 });
    expect(q().eq('a', 1).and(filter()).build().filter).toEqual({ a: 1 });
    expect(q().eq('a', 1).and(filter().eq('b', 2).eq('c', 3)).build().filter).toEqual({
      $and: [{ a: 1 }, { $and: [{ b: 2 }, { c: 3 }] }],
    });
  });

  it('or() combines everything so far with the other filter', () => {
    expect(filter().eq('a', 1).or(filter().eq('b', 2)).build()).toEqual({ $or: [{ a: 1 }, { b: 2 }] });
    expect(q().eq('a', 1).eq('c', 3).or(filter().eq('b', 2)).gt('p', 0).build().filter).toEqual({
      $and: [{ $or: [{ $and: [{ a: 1 }, { c: 3 }] }, { b: 2 }] }, { p: { $gt: 0 } }],
    });
  });

  it('not() adds the negated filter', () => {
    expect(q().eq('a', 1).not(filter().eq('visible', false)).build().filter).toEqual({
      $and: [{ a: 1 }, { $not: { visible: false } }],
    });
    expect(q().not(filter().eq('visible', false)).build().filter).toEqual({ $not: { visible: false } });
  });

  it('accepts a query builder as the operand', () => {
    expect(q().or(q().eq('b', 2)).build().filter).toEqual({ $or: [{}, { b: 2 }] });
  });

  it('foldAnd simplifies', () => {
    expect(foldAnd([])).toEqual({});
    expect(foldAnd([{}, {}])).toEqual({});
    expect(foldAnd([{ a: 1 }])).toEqual({ a: 1 });
    expect(foldAnd([{ a: 1 }, {}, { b: 2 }])).toEqual({ $and: [{ a: 1 }, { b: 2 }] });
  });
});

describe('typeName', () => {
  it.each<[unknown, string]>([
    [1, 'Number'],
    ['s', 'String'],
    [true, 'Boolean'],
    [undefined, 'Undefined'],
    [null, 'Null'],
    [{}, 'Object'],
    [[], 'Array'],
    [date, 'Date'],
    [new Date(Number.NaN), 'Invalid Date'],
    [() => 1, 'Function'],
    [Symbol('s'), 'Symbol'],
    [filter(), 'Object'],
  ])('%o → %s', (value, name) => {
    expect(typeName(value)).toBe(name);
  });
});
