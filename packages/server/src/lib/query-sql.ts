import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { FilterField, FilterKind, FilterOperator } from './query-fields.js';
import { escapeLike, int64Range, integerBounds } from './query-values.js';

/** The SQL of one checked condition; every value is bound as a parameter of the field's type. */
export function conditionSql(field: FilterField, op: FilterOperator, value: unknown): SQL {
  const expr = field.expr as AnyColumn | SQL;
  const bind = (v: unknown) => typed(field.kind, v);
  if (field.kind === 'stringArray') {
    switch (op) {
      case '$exists':
        return value ? sql`cardinality(${expr}) > 0` : sql`cardinality(${expr}) = 0`;
      case '$hasSome':
      case '$in':
        return sql`${expr} && ${textArray(value as string[])}`;
      case '$hasAll':
        return sql`${expr} @> ${textArray(value as string[])}`;
      default:
        if (value === null) return sql`cardinality(${expr}) = 0`;
        if (Array.isArray(value)) return sql`${expr} = ${textArray(value as string[])}`;
        return sql`${value}::text = ANY(${expr})`;
    }
  }
  if (field.kind === 'decimal') return minorUnitsSql(expr, op, value);
  switch (op) {
    case '$eq':
      return value === null ? sql`${expr} IS NULL` : sql`${expr} = ${bind(value)}`;
    case '$ne':
      return value === null ? sql`${expr} IS NOT NULL` : sql`${expr} IS DISTINCT FROM ${bind(value)}`;
    case '$gt':
      return sql`${expr} > ${bind(value)}`;
    case '$gte':
      return sql`${expr} >= ${bind(value)}`;
    case '$lt':
      return sql`${expr} < ${bind(value)}`;
    case '$lte':
      return sql`${expr} <= ${bind(value)}`;
    case '$in': {
      const items = value as unknown[];
      if (items.length === 0) return sql`FALSE`;
      return sql`${expr} IN (${sql.join(
        items.map((item) => bind(item)),
        sql`, `,
      )})`;
    }
    case '$exists':
      return value ? sql`${expr} IS NOT NULL` : sql`${expr} IS NULL`;
    case '$startsWith':
      return sql`${expr} ILIKE ${`${escapeLike(value as string)}%`}`;
    case '$endsWith':
      return sql`${expr} ILIKE ${`%${escapeLike(value as string)}`}`;
    case '$contains':
      return sql`${expr} ILIKE ${`%${escapeLike(value as string)}%`}`;
    default:
      return sql`FALSE`;
  }
}

/*
 * `decimal` fields are integer minor units (ADR 004), and the filter's value, shifted to minor units, may
 * have a fraction ("20.005" EUR is 2000.5 cents). Comparing the column with a numeric parameter would
 * cast the column and leave its index unused, so the value is rounded to the exact integer bound that
 * selects the same rows and bound as bigint: `>= 2000.5` is `>= 2001`, `= 2000.5` matches nothing.
 */
function minorUnitsSql(expr: AnyColumn | SQL, op: FilterOperator, value: unknown): SQL {
  const atLeast = (bound: bigint): SQL => {
    const range = int64Range(bound);
    if (range === 'above') return sql`FALSE`;
    return range === 'below' ? sql`${expr} IS NOT NULL` : sql`${expr} >= ${bigintParam(bound)}`;
  };
  const atMost = (bound: bigint): SQL => {
    const range = int64Range(bound);
    if (range === 'below') return sql`FALSE`;
    return range === 'above' ? sql`${expr} IS NOT NULL` : sql`${expr} <= ${bigintParam(bound)}`;
  };
  const exactly = (text: string): bigint | undefined => {
    const { floor, exact } = integerBounds(text);
    return exact && int64Range(floor) === 'inside' ? floor : undefined;
  };
  switch (op) {
    case '$eq': {
      if (value === null) return sql`${expr} IS NULL`;
      const bound = exactly(value as string);
      return bound === undefined ? sql`FALSE` : sql`${expr} = ${bigintParam(bound)}`;
    }
    case '$ne': {
      if (value === null) return sql`${expr} IS NOT NULL`;
      const bound = exactly(value as string);
      return bound === undefined ? sql`TRUE` : sql`${expr} IS DISTINCT FROM ${bigintParam(bound)}`;
    }
    case '$gt':
      return atLeast(integerBounds(value as string).floor + 1n);
    case '$gte':
      return atLeast(integerBounds(value as string).ceil);
    case '$lt':
      return atMost(integerBounds(value as string).ceil - 1n);
    case '$lte':
      return atMost(integerBounds(value as string).floor);
    case '$in': {
      const bounds = (value as string[]).map(exactly).filter((b): b is bigint => b !== undefined);
      if (bounds.length === 0) return sql`FALSE`;
      return sql`${expr} IN (${sql.join(bounds.map(bigintParam), sql`, `)})`;
    }
    case '$exists':
      return value ? sql`${expr} IS NOT NULL` : sql`${expr} IS NULL`;
    default:
      return sql`FALSE`;
  }
}

function bigintParam(value: bigint): SQL {
  return sql`${value.toString()}::bigint`;
}

export function joinAnd(parts: SQL[]): SQL | undefined {
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  return sql`(${sql.join(parts, sql` AND `)})`;
}

function typed(kind: FilterKind, value: unknown): SQL {
  switch (kind) {
    case 'number':
    case 'decimal':
      return sql`${value}::numeric`;
    case 'int64':
      return sql`${value}::bigint`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'date':
      return sql`${value}::timestamptz`;
    default:
      return sql`${value}::text`;
  }
}

function textArray(values: string[]): SQL {
  if (values.length === 0) return sql`ARRAY[]::text[]`;
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
