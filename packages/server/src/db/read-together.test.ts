import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { queryRows } from './client.js';
import { readTogether } from './read-together.js';

describe('readTogether', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A read that says when it started and when its statement answered. */
  const traced = (log: string[], name: string, db: Parameters<typeof queryRows>[0]) => async () => {
    log.push(`${name} started`);
    const [row] = await queryRows<{ value: string }>(db, sql`SELECT ${name}::text AS value, pg_sleep(0.02)`);
    log.push(`${name} answered`);
    return row?.value;
  };

  it('starts every read at once on the pool, and gives the results in the order of the reads', async () => {
    const log: string[] = [];
    const results = await readTogether(
      database.db,
      traced(log, 'a', database.db),
      traced(log, 'b', database.db),
      () => 3,
    );
    expect(results).toEqual(['a', 'b', 3]);
    expect(log.slice(0, 2)).toEqual(['a started', 'b started']);
  });

  it('in a transaction (one connection), starts each read once the one before has answered', async () => {
    const log: string[] = [];
    const results = await database.db.transaction((tx) =>
      readTogether(tx, traced(log, 'a', tx), traced(log, 'b', tx), traced(log, 'c', tx)),
    );
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a started', 'a answered', 'b started', 'b answered', 'c started', 'c answered']);
  });

  it('passes a failed read on, and starts no read after it in a transaction', async () => {
    const log: string[] = [];
    const failing = database.db.transaction((tx) =>
      readTogether(
        tx,
        async () => {
          log.push('a');
          throw new Error('no such row');
        },
        traced(log, 'b', tx),
      ),
    );
    await expect(failing).rejects.toThrow('no such row');
    expect(log).toEqual(['a']);
  });
});
