import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts SQL statements issued inside a block, so tests can pin the number of round-trips a call makes
 * (a regression guard against N+1 queries), and optionally keeps their text and parameters (for EXPLAIN
 * checks). Costs one AsyncLocalStorage lookup per query otherwise.
 */
export interface Statement {
  sql: string;
  params: unknown[];
}

const storage = new AsyncLocalStorage<{ count: number; statements?: Statement[] }>();

export function noteQuery(sql?: string, params?: unknown[]): void {
  const counter = storage.getStore();
  if (!counter) return;
  counter.count += 1;
  if (counter.statements && sql !== undefined) counter.statements.push({ sql, params: params ?? [] });
}

export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const counter = { count: 0 };
  const result = await storage.run(counter, work);
  return { result, queries: counter.count };
}

/** Like countQueries, and also returns every statement issued (SQL text and bound parameters). */
export async function captureQueries<T>(
  work: () => Promise<T>,
): Promise<{ result: T; queries: number; statements: Statement[] }> {
  const counter = { count: 0, statements: [] as Statement[] };
  const result = await storage.run(counter, work);
  return { result, queries: counter.count, statements: counter.statements };
}
