import type { DbOrTx } from './client.js';
import { pooledDb } from './statements.js';

/**
 * Independent reads: side by side on the pool, where each takes a connection of its own, and one after
 * another in a transaction, which holds one connection. Sending a query to a node-postgres client that is
 * still running another only queued it — the same order, no time saved — and is deprecated (pg 9 drops
 * the queue). Results come back in the order of the reads.
 */
export async function readTogether<const Reads extends readonly (() => unknown)[]>(
  db: DbOrTx,
  ...reads: Reads
): Promise<{ -readonly [K in keyof Reads]: Reads[K] extends () => infer Value ? Awaited<Value> : never }> {
  type Results = {
    -readonly [K in keyof Reads]: Reads[K] extends () => infer Value ? Awaited<Value> : never;
  };
  if (pooledDb(db)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
