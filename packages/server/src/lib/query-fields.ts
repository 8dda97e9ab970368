import type { AnyColumn, SQL } from 'drizzle-orm';

/* The fields a query may filter and sort on: a whitelist per resource, with each field's kind and operators. */

export const FILTER_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$endsWith',
  '$contains',
  '$exists',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterKind =
  | 'string'
  | 'number'
  | 'decimal'
  | 'int64'
  | 'boolean'
  | 'date'
  | 'enum'
  | 'stringArray';

export interface FilterField {
  kind: FilterKind;
  /** The column or expression the field maps to (not needed when `predicate` builds the SQL). */
  expr?: AnyColumn | SQL;
  enumValues?: readonly string[];
  /** `decimal` fields: decimal digits to shift (major units in the filter, minor units stored). */
  scale?: number;
  /** Operators allowed on this field; defaults by kind. */
  operators?: readonly FilterOperator[];
  /** Computed fields: build the condition for one operator and an already-checked value. */
  predicate?: (operator: FilterOperator, value: unknown) => SQL;
  /** Sort expression; absent means the field cannot be sorted by. */
  sort?: AnyColumn | SQL;
}

export type FilterFields = Record<string, FilterField>;
