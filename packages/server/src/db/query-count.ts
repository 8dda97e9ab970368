import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts SQL statements issued inside a block, so tests can pin the number of round-trips a call makes
 * (a regression guard against N+1 queries). Costs one AsyncLocalStorage lookup per query otherwise.
 */
const storage = new AsyncLocalStorage<{ count: number }>();

export function noteQuery(): void {
  const counter = storage.getStore();
  if (counter) counter.count += 1;
}

export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const counter = { count: 0 };
  const result = await storage.run(counter, work);
  return { result, queries: counter.count };
}
