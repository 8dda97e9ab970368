// Filter building with the exact rules and messages of spec §5 "Query filter rules". Mistakes are collected
// rather than thrown at once, so that one `build()` reports every problem of a chain; builders are immutable
// so that a base query can be shared and extended safely.

import type { WireFilter } from './paging.js';
import {
  comparableCheck,
  fieldCheck,
  foldAnd,
  InvalidQueryError,
  invalidValue,
  stringCheck,
  toWire,
  typeName,
  usage,
  wireField,
} from './query-rules.js';

/** Values the comparison operators accept. */
export type Comparable = string | number | Date;

/** Internal state shared by filter and query builders. */
export interface BuilderState {
  readonly conditions: readonly WireFilter[];
  readonly errors: readonly string[];
}

/**
 * The filter operators common to {@link FilterBuilder} and query builders. Every method returns a new
 * builder; invalid arguments are recorded and reported together by `build()`.
 *
 * @example
 * ```ts
 * // Accept any builder where a filter is expected:
 * function visibleOnly<B extends BaseFilterBuilder>(builder: B): B {
 *   return builder.eq('visible', true);
 * }
 * ```
 */
export abstract class BaseFilterBuilder {
  protected readonly state: BuilderState;

  protected constructor(state: BuilderState) {
    this.state = state;
  }

  /** Creates a builder of the same kind with new state (keeps builders immutable). */
  protected abstract derive(state: BuilderState): this;

  /** Messages collected so far (empty when the chain is valid). */
  get errors(): readonly string[] {
    return this.state.errors;
  }

  /** `{field: value}`; `undefined` is sent as `null`. @example `q.eq('visible', true)` */
  eq(field: string, value: unknown): this;
  eq(...args: unknown[]): this {
    return this.fieldValue(
      'eq',
      args,
      (v) => v,
      () => [],
    );
  }

  /** `{field: {$ne: value}}`. @example `q.ne('productType', 'digital')` */
  ne(field: string, value: unknown): this;
  ne(...args: unknown[]): this {
    return this.fieldValue(
      'ne',
      args,
      (v) => ({ $ne: v }),
      () => [],
    );
  }

  /** `{field: {$gt: value}}`. @example `q.gt('price', 10)` */
  gt(field: string, value: Comparable): this;
  gt(...args: unknown[]): this {
    return this.fieldValue('gt', args, (v) => ({ $gt: v }), comparableCheck('gt'));
  }

  /** `{field: {$gte: value}}`. @example `q.ge('createdDate', new Date('2024-01-01'))` */
  ge(field: string, value: Comparable): this;
  ge(...args: unknown[]): this {
    return this.fieldValue('ge', args, (v) => ({ $gte: v }), comparableCheck('ge'));
  }

  /** `{field: {$lt: value}}`. @example `q.lt('price', 100)` */
  lt(field: string, value: Comparable): this;
  lt(...args: unknown[]): this {
    return this.fieldValue('lt', args, (v) => ({ $lt: v }), comparableCheck('lt'));
  }

  /** `{field: {$lte: value}}`. @example `q.le('price', 100)` */
  le(field: string, value: Comparable): this;
  le(...args: unknown[]): this {
    return this.fieldValue('le', args, (v) => ({ $lte: v }), comparableCheck('le'));
  }

  /** `{field: {$startsWith: text}}`. @example `q.startsWith('name', 'Mu')` */
  startsWith(field: string, value: string): this;
  startsWith(...args: unknown[]): this {
    return this.fieldValue('startsWith', args, (v) => ({ $startsWith: v }), stringCheck('startsWith'));
  }

  /** `{field: {$endsWith: text}}`. @example `q.endsWith('slug', '-mug')` */
  endsWith(field: string, value: string): this;
  endsWith(...args: unknown[]): this {
    return this.fieldValue('endsWith', args, (v) => ({ $endsWith: v }), stringCheck('endsWith'));
  }

  /** `{field: {$contains: text}}`. @example `q.contains('description', 'organic')` */
  contains(field: string, value: string): this;
  contains(...args: unknown[]): this {
    return this.fieldValue('contains', args, (v) => ({ $contains: v }), stringCheck('contains'));
  }

  /** `{field: {$hasSome: [...]}}`; values as an array or as varargs. @example `q.hasSome('collectionIds', ['c1', 'c2'])` */
  hasSome(field: string, values: readonly Comparable[]): this;
  hasSome(field: string, ...values: Comparable[]): this;
  hasSome(...args: unknown[]): this {
    return this.fieldValues('hasSome', '$hasSome', args);
  }

  /** `{field: {$hasAll: [...]}}`; values as an array or as varargs. @example `q.hasAll('tags', 'red', 'large')` */
  hasAll(field: string, values: readonly Comparable[]): this;
  hasAll(field: string, ...values: Comparable[]): this;
  hasAll(...args: unknown[]): this {
    return this.fieldValues('hasAll', '$hasAll', args);
  }

  /** `{field: {$in: [...]}}`; values as an array or as varargs. @example `q.in('id', ['p1', 'p2'])` */
  in(field: string, values: readonly Comparable[]): this;
  in(field: string, ...values: Comparable[]): this;
  in(...args: unknown[]): this {
    return this.fieldValues('in', '$in', args);
  }

  /** `{field: {$exists: value}}` (default `true`). @example `q.exists('ribbon')` */
  exists(field: string, value?: boolean): this;
  exists(...args: unknown[]): this {
    const [field, value = true] = args;
    const errors = [
      ...(args.length === 1 || args.length === 2 ? [] : [usage('exists', 'one or two parameters')]),
      ...fieldCheck('exists', field),
      ...(typeof value === 'boolean' ? [] : [invalidValue('exists', value, 'Boolean')]),
    ];
    return this.add(errors, () => ({ [wireField(field)]: { $exists: value } }));
  }

  /** `{field: null}`: the field is missing or empty. @example `q.isEmpty('ribbon')` */
  isEmpty(field: string): this;
  isEmpty(...args: unknown[]): this {
    return this.fieldOnly('isEmpty', args, null);
  }

  /** `{field: {$ne: null}}`. @example `q.isNotEmpty('ribbon')` */
  isNotEmpty(field: string): this;
  isNotEmpty(...args: unknown[]): this {
    return this.fieldOnly('isNotEmpty', args, { $ne: null });
  }

  /** `{field: {$gte: from, $lt: to}}`: `from` included, `to` excluded. @example `q.between('price', 10, 20)` */
  between(field: string, from: Comparable, to: Comparable): this;
  between(...args: unknown[]): this {
    const [field, from, to] = args;
    // With the wrong count the bounds are not checked: "[Undefined]" for a missing bound would only repeat it.
    const errors =
      args.length === 3
        ? [
            ...fieldCheck('between', field),
            ...comparableCheck('between')(from),
            ...comparableCheck('between')(to),
          ]
        : [usage('between', 'three parameters'), ...fieldCheck('between', field)];
    if (errors.length === 0 && typeName(from) !== typeName(to)) {
      errors.push(
        `Invalid between parameter values [${typeName(from)}] and [${typeName(to)}]. between parameters must be of the same type.`,
      );
    }
    return this.add(errors, () => ({ [wireField(field)]: { $gte: toWire(from), $lt: toWire(to) } }));
  }

  /** Adds every condition of `filter` to this one. @example `q.and(filter().gt('price', 1))` */
  and(filter: BaseFilterBuilder): this;
  and(...args: unknown[]): this {
    return this.combine('and', args, (current, other) => [...current, other]);
  }

  /** Matches items matching this filter so far OR `filter`. @example `filter().eq('a', 1).or(filter().eq('b', 2))` */
  or(filter: BaseFilterBuilder): this;
  or(...args: unknown[]): this {
    return this.combine('or', args, (current, other) => [{ $or: [foldAnd(current), other] }]);
  }

  /** Matches items matching this filter so far but NOT `filter`. @example `q.not(filter().eq('visible', false))` */
  not(filter: BaseFilterBuilder): this;
  not(...args: unknown[]): this {
    return this.combine('not', args, (current, other) => [...current, { $not: other }]);
  }

  /** The filter in wire form, or throws {@link InvalidQueryError} listing every collected message. */
  protected buildFilter(): WireFilter {
    if (this.state.errors.length > 0) throw new InvalidQueryError(this.state.errors);
    return foldAnd(this.state.conditions);
  }

  private add(errors: readonly string[], condition: () => WireFilter): this {
    // The condition is only built from valid arguments; an invalid call contributes just its messages.
    if (errors.length > 0) return this.derive({ ...this.state, errors: [...this.state.errors, ...errors] });
    return this.derive({ ...this.state, conditions: [...this.state.conditions, condition()] });
  }

  private fieldValue(
    op: string,
    args: unknown[],
    operator: (wireValue: unknown) => unknown,
    valueCheck: (value: unknown) => string[],
  ): this {
    const [field, value] = args;
    const errors =
      args.length === 2
        ? [...fieldCheck(op, field), ...valueCheck(value)]
        : [usage(op, 'two parameters'), ...fieldCheck(op, field)];
    return this.add(errors, () => ({ [wireField(field)]: operator(toWire(value)) }));
  }

  private fieldValues(op: string, operator: string, args: unknown[]): this {
    const [field, ...rest] = args;
    const values: unknown[] = rest.length === 1 && Array.isArray(rest[0]) ? rest[0] : rest;
    const errors = [
      ...(args.length >= 2 ? [] : [usage(op, 'two parameters')]),
      ...fieldCheck(op, field),
      ...values.flatMap(comparableCheck(op)),
    ];
    return this.add(errors, () => ({ [wireField(field)]: { [operator]: values.map(toWire) } }));
  }

  private fieldOnly(op: string, args: unknown[], condition: unknown): this {
    const [field] = args;
    const errors = [...(args.length === 1 ? [] : [usage(op, 'one parameter')]), ...fieldCheck(op, field)];
    return this.add(errors, () => ({ [wireField(field)]: condition }));
  }

  private combine(
    op: string,
    args: unknown[],
    merge: (current: readonly WireFilter[], other: WireFilter) => WireFilter[],
  ): this {
    const [other] = args;
    if (args.length !== 1) return this.add([usage(op, 'one parameter')], () => ({}));
    if (!(other instanceof BaseFilterBuilder)) {
      return this.add([invalidValue(op, other, 'FilterBuilder')], () => ({}));
    }
    // The other builder's own mistakes surface when this one is built.
    const errors = [...this.state.errors, ...other.state.errors];
    const conditions = merge(this.state.conditions, foldAnd(other.state.conditions));
    return this.derive({ ...this.state, errors, conditions });
  }
}

/**
 * A standalone filter, for the operands of `and`/`or`/`not` or for APIs that take a bare filter.
 *
 * @example
 * ```ts
 * filter().eq('visible', true).build(); // { visible: true }
 * queryProducts(run).eq('brand', 'Acme').or(filter().lt('price', 5));
 * ```
 */
export class FilterBuilder extends BaseFilterBuilder {
  constructor(state: BuilderState = { conditions: [], errors: [] }) {
    super(state);
  }

  protected derive(state: BuilderState): this {
    return new FilterBuilder(state) as this;
  }

  /** The wire filter; throws {@link InvalidQueryError} when any call was invalid. @example `filter().isEmpty('ribbon').build()` */
  build(): WireFilter {
    return this.buildFilter();
  }
}

/**
 * Starts an empty {@link FilterBuilder}.
 *
 * @example
 * ```ts
 * const cheap = filter().lt('price', 10);
 * ```
 */
export function filter(): FilterBuilder {
  return new FilterBuilder();
}
