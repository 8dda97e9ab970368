import { describe, expect, it, vi } from 'vitest';
import type { QueryExecutor } from './paging.js';
import { queryProducts } from './query.js';
import { type FilterBuilder, filter } from './query-filter.js';
import { InvalidQueryError } from './query-rules.js';
import { call, date, q } from './testing/query-builders.js';

// Filter input a builder refuses: the messages it collects, and when it throws them.
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
    ['hasSome', ['collectionIds'], ['Invalid hasSome usage. hasSome requires two parameters.']],
    ['hasSome', [1, ['a']], [mustBeString('hasSome', 'Number')]],
    ['hasSome', ['f', [{}]], [comparable('hasSome', 'Object')]],
    ['hasSome', ['f', 'a', true], [comparable('hasSome', 'Boolean')]],
    [
      'hasSome',
      ['f', [null, 'a', undefined]],
      [comparable('hasSome', 'Null'), comparable('hasSome', 'Undefined')],
    ],
    ['hasAll', ['tags'], ['Invalid hasAll usage. hasAll requires two parameters.']],
    ['hasAll', ['tags', [{}]], [comparable('hasAll', 'Object')]],
    ['in', ['id'], ['Invalid in usage. in requires two parameters.']],
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
