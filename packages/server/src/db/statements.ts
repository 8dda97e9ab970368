import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, DbOrTx } from './client.js';
import { noteQuery } from './query-count.js';

/**
 * Hot-path statements (ADR 021): SQL text written once, run outside any transaction as a named
 * prepared statement, so a request spends no time building the query and PostgreSQL parses and plans
 * it once per connection. The query builder stays the rule everywhere else; this is for the few
 * statements every shopper request runs (the cart's read and its optimistic write).
 *
 * Parameters are passed as text, numbers or null — JSON as `JSON.stringify(...)` with a `::jsonb` cast
 * and dates as ISO strings with a `::timestamptz` cast in the SQL — because the two drivers would
 * otherwise encode JS arrays and dates differently.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

export type Param = string | number | boolean | null;

/** The pooled database handle, or undefined for a transaction (whose statements must stay in it). */
export function pooledDb(db: DbOrTx): Db | undefined {
  return '$client' in db ? (db as Db) : undefined;
}

export async function runStatement<Row>(
  db: Db,
  statement: PreparedStatement,
  params: readonly Param[],
): Promise<Row[]> {
  noteQuery(statement.text, [...params]);
  const client = (db as unknown as { $client: unknown }).$client;
  // PGlite (one connection, in process) has no named statements; PostgreSQL's pool (whose driver loads
  // only when it is used) runs the statement by name.
  if (client instanceof PGlite) {
    const result = await client.query(statement.text, [...params]);
    return result.rows as Row[];
  }
  const result = await (client as pg.Pool).query({
    name: statement.name,
    text: statement.text,
    values: [...params],
  });
  return result.rows as Row[];
}

/**
 * `"column_name" AS "propertyName", …` for every column of a table, so raw statements return rows
 * shaped like the query builder's (`typeof table.$inferSelect`), without a hand-kept mapping.
 */
export function selectListOf(table: Table, alias?: string): string {
  return Object.entries(getTableColumns(table))
    .map(([property, column]) => `${alias ? `${alias}.` : ''}"${column.name}" AS "${property}"`)
    .join(', ');
}

const dialect = new PgDialect();

/** SQL text and bound values of a query fragment, as drizzle would send them (no database needed). */
export function renderSql(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}
