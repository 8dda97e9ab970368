import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/index.js';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.js';
import { createDb, type Database, queryRows } from './client.js';
import { isConnectionLost } from './errors.js';

// A PostgreSQL connection that drops (a terminated backend, a restart, a failover, the network) must cost
// the statement it cut, never the process (issue 35: an unhandled 'error' of a checked-out client killed
// every process). PGlite runs in the process and has no connection to lose.
describe.runIf(testDatabaseKind() === 'postgres')('a lost PostgreSQL connection', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);

  it('inside a transaction, between statements: the next statement fails as a lost connection, the process lives on, the pool serves again', async () => {
    const seen: Error[] = [];
    const stop = database.onConnectionError((error) => seen.push(error));
    const failure = await database.db
      .transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await terminate(me?.pid as number);
        // The client is checked out and idle in the transaction when its backend goes, as while a
        // transaction waited on something else: the error event comes with no query running.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isConnectionLost(failure), String(failure)).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    stop();
    const [again] = await queryRows<{ one: number }>(database.db, sql`SELECT 1 AS one`);
    expect(again?.one).toBe(1);
  });

  it('during a statement: that statement fails as a lost connection', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        const running = tx.execute(sql`SELECT pg_sleep(5)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await terminate(me?.pid as number);
        await running;
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isConnectionLost(failure), String(failure)).toBe(true);
    await expect(queryRows(database.db, sql`SELECT 1`)).resolves.toHaveLength(1);
  });

  it('a statement is not mistaken for a lost connection', async () => {
    const failure = await queryRows(database.db, sql`SELECT 1/0`).catch((error: unknown) => error);
    expect(isConnectionLost(failure)).toBe(false);
  });

  it('a BEGIN cut off does not take the connection from the pool for good', async () => {
    const url = new URL(database.url as string);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    // One connection: a transaction that failed at BEGIN and kept it would leave none for anyone.
    const single = await createDb({
      kind: 'postgres',
      url: proxy.via(url.toString()),
      poolSize: 1,
      connectTimeoutMs: 1000,
      poolWaitMs: 2000,
    });
    try {
      await queryRows(single.db, sql`SELECT 1`);
      // The pooled connection looks alive; its BEGIN goes nowhere, then the connection is cut.
      proxy.freeze();
      const begun = single.db
        .transaction(async (tx) => tx.execute(sql`SELECT 1`))
        .catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await proxy.cut();
      expect(isConnectionLost(await begun)).toBe(true);
      await proxy.restore();
      await expect(queryRows(single.db, sql`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
      expect(single.poolStats().total).toBeLessThanOrEqual(1);
    } finally {
      await single.close();
      await proxy.close();
    }
  });

  describe('the database unreachable, then back', () => {
    let proxy: TcpProxy;
    let viaProxy: Database;
    beforeAll(async () => {
      const url = new URL(database.url as string);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      viaProxy = await createDb({ kind: 'postgres', url: proxy.via(url.toString()), connectTimeoutMs: 500 });
    });
    afterAll(async () => {
      await viaProxy?.close();
      await proxy?.close();
    });

    it('fails statements and pings within their timeouts while it is away, and serves again once it is back', async () => {
      await expect(viaProxy.ping()).resolves.toBeUndefined();
      await proxy.cut();
      const started = performance.now();
      const failure = await queryRows(viaProxy.db, sql`SELECT 1`).catch((error: unknown) => error);
      expect(isConnectionLost(failure), String(failure)).toBe(true);
      await expect(viaProxy.ping()).rejects.toThrow();
      // Refused or timed out, never waiting for ever: the connect timeout is 500 ms, the ping's 2 s.
      expect(performance.now() - started).toBeLessThan(4000);
      await proxy.restore();
      await expect(viaProxy.ping()).resolves.toBeUndefined();
      await expect(queryRows(viaProxy.db, sql`SELECT 1`)).resolves.toHaveLength(1);
    });
  });
});
