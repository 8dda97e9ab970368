// The rules and messages of spec §5 "Query filter rules", kept apart from the builder classes so that each
// message is defined once: `Invalid X parameter value [Type]. X parameter must be a …` and
// `Invalid X usage. X requires …`.

import type { WireFilter } from './paging.js';

/**
 * Thrown by `build()`/`find()` when the chain broke filter rules; `errors` lists every message (the message
 * joins them with newlines).
 *
 * @example
 * ```ts
 * try {
 *   filter().gt('price', {}).build();
 * } catch (e) {
 *   if (e instanceof InvalidQueryError) console.error(e.errors); // ['Invalid gt parameter value [Object]. …']
 * }
 * ```
 */
export class InvalidQueryError extends Error {
  override name = 'InvalidQueryError';
  readonly errors: readonly string[];

  constructor(errors: readonly string[]) {
    super(errors.join('\n'));
    this.errors = errors;
  }
}

/** @example `if (isInvalidQueryError(e)) console.error(e.errors)` */
export function isInvalidQueryError(error: unknown): error is InvalidQueryError {
  return error instanceof InvalidQueryError;
}

const COMPARABLE = 'String, Number or Date';
// The server speaks plain names; callers may use the underscored names the public SDK uses.
const RENAMED_FIELDS: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

/** @internal Folds conditions into one filter: `{}` for none, the item itself for one, `{"$and": [...]}` otherwise. */
export function foldAnd(conditions: readonly WireFilter[]): WireFilter {
  // An empty condition constrains nothing, so it is dropped rather than sent as `{}` inside `$and`.
  const parts = conditions.filter((c) => Object.keys(c).length > 0);
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0]!;
  return { $and: parts };
}

/** @internal `_id` → `id` (and the date fields) in every segment of a dotted field path. */
export function wireField(field: unknown): string {
  return String(field)
    .split('.')
    .map((segment) => RENAMED_FIELDS[segment] ?? segment)
    .join('.');
}

/** @internal The `[Type]` shown in messages: `Number`, `Object`, `Undefined`, `Null`, `Array`, `Date`, … */
export function typeName(value: unknown): string {
  if (value instanceof Date && Number.isNaN(value.getTime())) return 'Invalid Date';
  return Object.prototype.toString.call(value).slice(8, -1);
}

/** @internal `Invalid X usage. X requires <requirement>.` */
export function usage(op: string, requirement: string): string {
  return `Invalid ${op} usage. ${op} requires ${requirement}.`;
}

/** @internal `Invalid X parameter value [Type]. X parameter must be a <expected>.` */
export function invalidValue(op: string, value: unknown, expected: string): string {
  return `Invalid ${op} parameter value [${typeName(value)}]. ${op} parameter must be a ${expected}.`;
}

/** @internal Field names must be strings. */
export function fieldCheck(op: string, field: unknown): string[] {
  return typeof field === 'string' ? [] : [invalidValue(op, field, 'String')];
}

/** @internal startsWith/endsWith/contains values must be strings. */
export function stringCheck(op: string): (value: unknown) => string[] {
  return (value) => (typeof value === 'string' ? [] : [invalidValue(op, value, 'String')]);
}

/** @internal Comparison values must be a string, a number or a valid Date. */
export function comparableCheck(op: string): (value: unknown) => string[] {
  return (value) => {
    const ok =
      typeof value === 'string' ||
      typeof value === 'number' ||
      (value instanceof Date && !Number.isNaN(value.getTime()));
    return ok ? [] : [invalidValue(op, value, COMPARABLE)];
  };
}

// Dates travel as ISO strings; NaN/±Infinity as the strings the wire protocol uses (JSON would send null).
export function toWire(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}
