import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { FilterField, FilterKind, FilterOperator } from './query-filter.js';
import { escapeLike } from './query-values.js';

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
