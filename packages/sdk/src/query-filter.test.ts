import { describe, expect, it, vi } from 'vitest';
import type { QueryExecutor } from './paging.js';
import { queryProducts } from './query.js';
import { type FilterBuilder, filter } from './query-filter.js';
import { foldAnd, InvalidQueryError, typeName } from './query-rules.js';

type Loose = Record<string, (...args: unknown[]) => Loose> & { errors: readonly string[]; build(): unknown };

/** Calls a builder method with arguments its types would refuse, as a JavaScript caller could. */
function call(builder: object, method: string, ...args: unknown[]): Loose {
  return (builder as Loose)[method]!(...args);
}

const noExecutor: QueryExecutor<unknown> = async () => {
  throw new Error('not expected to run');
};
const q = () => queryProducts(noExecutor);
const date = new Date('2024-05-01T10:00:00.000Z');
const iso = '2024-05-01T10:00:00.000Z';

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

describe('filter operators: invalid input → collected messages', () => {
  const comparable = (op: string, type: string) =>
    `Invalid ${op} parameter value [${type}]. ${op} parameter must be a String, Number or Date.`;
  const mustBeString = (op: string, type: string) =>
    `Invalid ${op} parameter value [${type}]. ${op} parameter must be a String.`;

  it.each<[string, unknown[], string[]]>([
    ['eq', [1, 'x'], [mustBeString('eq', 'Number')]],
    ['eq', [undefined, 'x'], [mustBeString('eq', 'Undefined')]],
    ['eq', [null, 'x'], [mustBeString('eq', 'Null')]],
    ['eq', [['a'], 'x'], [mustBeString('eq', 'Array')]],
    ['eq', ['a'], ['Invalid eq usage. eq requires two parameters.']],
    ['eq', [], ['Invalid eq usage. eq requires two parameters.', mustBeString('eq', 'Undefined')]],
    ['eq', ['a', 1, 2], ['Invalid eq usage. eq requires two parameters.']],
    ['ne', [{}, 1], [mustBeString('ne', 'Object')]],
    ['ne', ['a'], ['Invalid ne usage. ne requires two parameters.']],
    ['gt', ['price', {}], [comparable('gt', 'Object')]],
    ['gt', ['price', undefined], [comparable('gt', 'Undefined')]],
    ['gt', ['price', [1]], [comparable('gt', 'Array')]],
    ['gt', [5, 5], [mustBeString('gt', 'Number')]],
    ['gt', [5, {}], [mustBeString('gt', 'Number'), comparable('gt', 'Object')]],
    ['gt', ['price'], ['Invalid gt usage. gt requires two parameters.']],
    ['ge', ['price', null], [comparable('ge', 'Null')]],
    ['ge', ['price', new Date('nope')], [comparable('ge', 'Invalid Date')]],
    ['lt', ['price', true], [comparable('lt', 'Boolean')]],
    ['le', ['price', /x/], [comparable('le', 'RegExp')]],
    ['le', ['price', Symbol('s')], [comparable('le', 'Symbol')]],
    ['startsWith', ['name', 5], [mustBeString('startsWith', 'Number')]],
    ['startsWith', [5, 'x'], [mustBeString('startsWith', 'Number')]],
    ['endsWith', ['name', date], [mustBeString('endsWith', 'Date')]],
    ['contains', ['name', undefined], [mustBeString('contains', 'Undefined')]],
    ['contains', ['name'], ['Invalid contains usage. contains requires two parameters.']],
    ['hasSome', ['collectionIds'], ['Invalid hasSome usage. hasSome requires at least two parameters.']],
    ['hasSome', [1, ['a']], [mustBeString('hasSome', 'Number')]],
    ['hasSome', ['f', [{}]], [comparable('hasSome', 'Object')]],
    ['hasSome', ['f', 'a', true], [comparable('hasSome', 'Boolean')]],
    [
      'hasSome',
      ['f', [null, 'a', undefined]],
      [comparable('hasSome', 'Null'), comparable('hasSome', 'Undefined')],
    ],
    ['hasAll', ['tags'], ['Invalid hasAll usage. hasAll requires at least two parameters.']],
    ['hasAll', ['tags', [{}]], [comparable('hasAll', 'Object')]],
    ['in', ['id'], ['Invalid in usage. in requires at least two parameters.']],
    ['in', [undefined, ['a']], [mustBeString('in', 'Undefined')]],
    ['in', ['id', 'a', false], [comparable('in', 'Boolean')]],
    ['exists', [5], [mustBeString('exists', 'Number')]],
    [
      'exists',
      ['f', 'yes'],
      ['Invalid exists parameter value [String]. exists parameter must be a Boolean.'],
    ],
    [
      'exists',
      [],
      ['Invalid exists usage. exists requires one or two parameters.', mustBeString('exists', 'Undefined')],
    ],
    [
      'isEmpty',
      [],
      ['Invalid isEmpty usage. isEmpty requires one parameter.', mustBeString('isEmpty', 'Undefined')],
    ],
    ['isEmpty', ['a', 'b'], ['Invalid isEmpty usage. isEmpty requires one parameter.']],
    ['isEmpty', [3], [mustBeString('isEmpty', 'Number')]],
    ['isNotEmpty', [{}], [mustBeString('isNotEmpty', 'Object')]],
    ['isNotEmpty', ['a', 1], ['Invalid isNotEmpty usage. isNotEmpty requires one parameter.']],
    ['between', ['price', 1], ['Invalid between usage. between requires three parameters.']],
    ['between', ['price', 1, 2, 3], ['Invalid between usage. between requires three parameters.']],
    ['between', [1, 1, 2], [mustBeString('between', 'Number')]],
    ['between', ['price', {}, 2], [comparable('between', 'Object')]],
    ['between', ['price', 1, null], [comparable('between', 'Null')]],
    [
      'between',
      ['price', 1, 'z'],
      [
        'Invalid between parameter values [Number] and [String]. between parameters must be of the same type.',
      ],
    ],
    [
      'between',
      ['d', date, '2024-06-01'],
      ['Invalid between parameter values [Date] and [String]. between parameters must be of the same type.'],
    ],
    ['and', ['x'], ['Invalid and parameter value [String]. and parameter must be a FilterBuilder.']],
    [
      'and',
      [{ build: () => ({}) }],
      ['Invalid and parameter value [Object]. and parameter must be a FilterBuilder.'],
    ],
    ['and', [], ['Invalid and usage. and requires one parameter.']],
    ['and', [filter(), filter()], ['Invalid and usage. and requires one parameter.']],
    ['or', [undefined], ['Invalid or parameter value [Undefined]. or parameter must be a FilterBuilder.']],
    ['or', [], ['Invalid or usage. or requires one parameter.']],
    ['not', [{}], ['Invalid not parameter value [Object]. not parameter must be a FilterBuilder.']],
    ['not', [], ['Invalid not usage. not requires one parameter.']],
    ['ascending', [], ['Invalid ascending usage. ascending requires at least one parameter.']],
    ['ascending', ['a', 1], [mustBeString('ascending', 'Number')]],
    ['descending', [], ['Invalid descending usage. descending requires at least one parameter.']],
    ['descending', [null], [mustBeString('descending', 'Null')]],
    ['limit', [0], ['Invalid limit parameter value [Number]. limit parameter must be a positive Integer.']],
    ['limit', [-5], ['Invalid limit parameter value [Number]. limit parameter must be a positive Integer.']],
    ['limit', [1.5], ['Invalid limit parameter value [Number]. limit parameter must be a positive Integer.']],
    ['limit', ['5'], ['Invalid limit parameter value [String]. limit parameter must be a positive Integer.']],
    ['limit', [], ['Invalid limit usage. limit requires one parameter.']],
    ['skip', [-1], ['Invalid skip parameter value [Number]. skip parameter must be a non-negative Integer.']],
    [
      'skip',
      [Number.NaN],
      ['Invalid skip parameter value [Number]. skip parameter must be a non-negative Integer.'],
    ],
    ['skip', [], ['Invalid skip usage. skip requires one parameter.']],
  ])('%s(%j)', (method, args, messages) => {
    const builder = call(q(), method, ...args);
    expect(builder.errors).toEqual(messages);
    let thrown: unknown;
    try {
      builder.build();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidQueryError);
    expect((thrown as InvalidQueryError).errors).toEqual(messages);
    expect((thrown as InvalidQueryError).message).toBe(messages.join('\n'));
  });

  it('collects every mistake of a chain, in call order, and still throws at build time only', () => {
    const builder = call(call(call(q(), 'eq', 1, 'a'), 'gt', 'price', {}), 'startsWith', 'name', 3);
    expect(builder.errors).toEqual([
      mustBeString('eq', 'Number'),
      comparable('gt', 'Object'),
      mustBeString('startsWith', 'Number'),
    ]);
    expect(() => builder.build()).toThrow(InvalidQueryError);
  });

  it('find() rejects with the collected errors without calling the executor', async () => {
    const executor = vi.fn<QueryExecutor<unknown>>();
    const builder = call(queryProducts(executor), 'eq', 1, 'a') as unknown as ReturnType<typeof q>;
    await expect(builder.find()).rejects.toThrow(new InvalidQueryError([mustBeString('eq', 'Number')]));
    expect(executor).not.toHaveBeenCalled();
  });

  it('an operand with mistakes reports them through and/or/not', () => {
    const bad = call(filter(), 'gt', 'price', 'x', 'y') as unknown as FilterBuilder;
    for (const method of ['and', 'or', 'not'] as const) {
      expect(q()[method](bad).errors).toEqual(['Invalid gt usage. gt requires two parameters.']);
    }
  });

  it('FilterBuilder.build() throws the collected errors too', () => {
    expect(() => call(filter(), 'isEmpty', 1).build()).toThrow(mustBeString('isEmpty', 'Number'));
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
