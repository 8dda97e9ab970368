import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { pollUntil } from '../testing/poll.js';
import { queryRows } from './client.js';

describe('Database.listen', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const notify = (channel: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify(${channel}, '')`);
    });
  const listening = async () =>
    database.kind === 'postgres'
      ? (
          await queryRows<{ count: number }>(
            database.db,
            sql`SELECT count(*)::int AS count FROM pg_stat_activity
                WHERE application_name = 'openshelf-listen' AND datname = current_database()`,
          )
        )[0]?.count
      : undefined;

  it("calls a channel's subscribers in the order they subscribed, from one connection", async () => {
    const calls: string[] = [];
    const first = () => calls.push('first');
    const stops = [
      await database.listen('openshelf_test_order', first),
      await database.listen('openshelf_test_order', () => calls.push('second')),
      // The same callback again is a subscription of its own.
      await database.listen('openshelf_test_order', first),
    ];
    if (database.kind === 'postgres') expect(await listening()).toBe(1);
    await notify('openshelf_test_order');
    await pollUntil(
      async () => calls.length,
      (count) => count >= 3,
    );
    expect(calls).toEqual(['first', 'second', 'first']);

    await stops[0]?.();
    calls.length = 0;
    await notify('openshelf_test_order');
    await pollUntil(
      async () => calls.length,
      (count) => count >= 2,
    );
    expect(calls).toEqual(['second', 'first']);

    await Promise.all(stops.slice(1).map((stop) => stop()));
    if (database.kind === 'postgres') expect(await pollUntil(listening, (count) => count === 0)).toBe(0);
  });
});
