import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { lockPgliteDir } from './pglite-lock.js';
import {
  copyPgliteTemplate,
  PGLITE_EXTENSIONS,
  PGLITE_START_PARAMS,
  readPgliteTemplate,
} from './pglite-template.js';
import { noteQuery } from './query-count.js';

/**
 * The one database type every service receives, whichever driver is underneath. It carries no schema:
 * services query each domain's tables through the query builder, so the database layer knows no domain.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: services that write in several steps take one explicitly. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** What a fresh `dataDir` starts as a copy of (default: the build's migrated, empty template). */
      templateDir?: string;
      /** Told when another process holds `dataDir`'s lock and the open waits (pglite-lock.ts). */
      onLockWait?: (message: string) => void;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * How long connecting to PostgreSQL may take before it fails with a connection error the API
       * answers as 503 (DB_CONNECT_TIMEOUT_MS).
       */
      connectTimeoutMs?: number;
      /** How long a request waits for a connection of a full pool to come free (DB_POOL_WAIT_MS). */
      poolWaitMs?: number;
    };

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Round-trip check for /readyz; rejects within `PING_TIMEOUT_MS` when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Calls `listener` with every error of a connection the pool holds (idle or checked out) or listens
   * on: a terminated backend, a database restart, a network failure. The error is handled either way —
   * the pool replaces the connection and the statement it cut fails — so this is for the log only.
   */
  onConnectionError(listener: (error: Error) => void): () => void;
  /** Connection pool state, for /metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * Calls `onNotify` for every NOTIFY on `channel` — sent by `pg_notify` inside a transaction, so only
   * after it commits. On PostgreSQL one dedicated connection per channel listens and reconnects when it
   * drops (and then calls `onNotify` once, as notifications may have been missed). A channel's
   * subscribers are called in the order they subscribed, on both drivers. Resolves to an unsubscribe.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long /readyz waits for the database's answer before it reports it unreachable. */
export const PING_TIMEOUT_MS = 2000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_POOL_WAIT_MS = 30_000;

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Any constant unique to this application: serialises migrations when several processes boot at once.
const MIGRATION_LOCK_KEY = 73_640_001;

const countingLogger: Logger = { logQuery: (query, params) => noteQuery(query, params) };

/**
 * Opens the configured database and applies committed migrations.
 * PGlite (embedded, default) stores its files in `dataDir` (created on first run), or in memory when
 * `dataDir` is absent; PostgreSQL is used when a URL is given.
 */
export async function createDb(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres')
    return openPostgres(config.url, config.poolSize ?? 10, {
      connectMs: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      poolWaitMs: config.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
    });
  return openPglite(config);
}

async function openPglite({
  dataDir,
  templateDir,
  onLockWait,
}: Extract<DatabaseConfig, { kind: 'pglite' }>): Promise<Database> {
  // One process at a time on a directory, from before a fresh one is filled until it is closed.
  const unlock = dataDir ? await lockDataDir(dataDir, onLockWait) : async () => {};
  try {
    return await openPgliteClient(dataDir, templateDir, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function openPgliteClient(
  dataDir: string | undefined,
  templateDir: string | undefined,
  unlock: () => Promise<void>,
): Promise<Database> {
  // An in-memory database (the test suites' one per file) is always fresh: restoring the template
  // saves initdb and replaying every migration, which dominated each server test file's set-up.
  // A data directory on disk starts as a file copy of the unpacked template, the fastest of the three.
  let fresh = dataDir === undefined || !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && dataDir) {
    if (
      (await copyPgliteTemplate(dataDir, templateDir)) ||
      (templateDir && (await copyPgliteTemplate(dataDir)))
    )
      fresh = false;
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const template = fresh ? readPgliteTemplate() : undefined;
  const client = await PGlite.create(dataDir, {
    extensions: PGLITE_EXTENSIONS,
    startParams: PGLITE_START_PARAMS,
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite({ client, casing: 'snake_case', logger: countingLogger });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    // The embedded database runs in this process: it has no connection to lose.
    onConnectionError: () => () => {},
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}

async function lockDataDir(dataDir: string, onWait?: (message: string) => void) {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  return lockPgliteDir(dataDir, onWait ? { onWait } : {});
}

/**
 * The PostgreSQL driver and its drizzle adapter, loaded only by stores that use PostgreSQL (~85 ms of a start
 * of the embedded store otherwise).
 */
async function postgresDriver() {
  const [{ default: driver }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg: driver, drizzle, migrate };
}

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: { connectMs: number; poolWaitMs: number },
): Promise<Database> {
  const { pg, drizzle: drizzlePg, migrate: migratePg } = await postgresDriver();
  // The pool's `connectionTimeoutMillis` bounds both the wait for a free connection and a new connection's
  // set-up; each connection bounds its own set-up more tightly (a database that is down is found out in
  // `connectMs`, a burst that queues for the pool is not refused for it).
  class Client extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: timeouts.connectMs });
    }
  }
  const connectionErrors = new Set<(error: Error) => void>();
  const reportConnectionError = (error: Error) => {
    for (const listener of connectionErrors) listener(error);
  };
  // JIT off: our statements are short OLTP queries, and on a large catalog PostgreSQL's cost estimate
  // triggers JIT compilation that alone took ~180 ms of a 1M-product query (issue #9 bench).
  // A transaction left open by a client that vanished (its process killed, its network cut) would hold
  // its row locks until TCP noticed; the server ends it after a minute instead. Nothing of ours keeps a
  // transaction idle that long: no external call is made inside one (ADR 046).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: 'openshelf',
    options: '-c jit=off -c idle_in_transaction_session_timeout=60000',
    // A request waits at most this long for a connection, then fails (503), instead of waiting for ever
    // while the database is down; keep-alive finds a connection whose peer vanished without a reset.
    Client,
    connectionTimeoutMillis: Math.max(timeouts.poolWaitMs, timeouts.connectMs),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // The pool listens on idle clients only: a checked-out client (inside a transaction, say) whose
  // backend is terminated emits 'error' with no listener, which kills the process. Every client gets
  // its own listener for its whole life; the statement it cut fails on its own, and the pool drops the
  // client when it is released.
  pool.on('connect', (client) => client.on('error', reportConnectionError));
  pool.on('error', reportConnectionError);
  releaseOnFailedBegin(pool);
  const lockClient = await pool.connect().catch((error: Error) => {
    throw new Error(
      `Cannot connect to PostgreSQL at ${redactUrl(url)}: ${error.message}. ` +
        'Check that the server is running and DATABASE_URL is right, or unset DATABASE_URL to use the embedded database.',
    );
  });
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, casing: 'snake_case', logger: countingLogger });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: () =>
      withTimeout(pool.query('SELECT 1'), PING_TIMEOUT_MS, 'the database did not answer').then(() => {}),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onConnectionError: (listener) => {
      connectionErrors.add(listener);
      return () => connectionErrors.delete(listener);
    },
    listen: channelListeners(url, reportConnectionError),
    close: () => pool.end(),
  };
}

/**
 * drizzle's node-postgres transaction sends BEGIN before its try/finally, so a BEGIN that fails (its
 * connection cut at that moment: a terminated backend, a database restart) never releases the client:
 * each such failure took a connection from the pool for good, until none was left and every request
 * waited for one and got 503 (seen in test/faults/database-faults.test.ts). A client checked out with
 * `pool.connect()` (as drizzle's transactions do) is therefore released, with the error, when the
 * BEGIN it starts with fails; its release is made safe to call twice for drizzle's own in the other
 * cases. The pool's own `query()` checks out with a callback and releases for itself: left alone.
 */
function releaseOnFailedBegin(pool: pg.Pool): void {
  const original = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return original(callback);
    return (original() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      const query = client.query;
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.query = query;
        release.call(client, error);
      };
      client.query = ((...args: unknown[]) => {
        client.query = query;
        const result = (query as (...a: unknown[]) => unknown).apply(client, args);
        const text =
          typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
        if (typeof text === 'string' && /^\s*begin\b/i.test(text) && result instanceof Promise)
          result.catch((error: Error) => client.release(error));
        return result;
      }) as typeof client.query;
      return client;
    });
  }) as typeof pool.connect;
}

/** `promise`, or a rejection after `ms` (the promise itself goes on; its outcome is ignored). */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. Prefer the query builder where it fits. */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * One LISTEN connection per channel, shared by every subscriber of this process, which it calls in the
 * order they subscribed. The order matters where one cache reads through another: the storefront's
 * header collections are read through the API's catalog read cache, so they subscribe after it and re-read
 * only once it has been dropped (separate connections delivered the same NOTIFY in either order).
 */
function channelListeners(url: string, onError: (error: Error) => void): Database['listen'] {
  const channels = new Map<
    string,
    { subscribers: Set<() => void>; connection: Promise<() => Promise<void>> }
  >();
  return async (channel, onNotify) => {
    let entry = channels.get(channel);
    if (!entry) {
      const subscribers = new Set<() => void>();
      const connection = listenPostgres(
        url,
        channel,
        () => {
          for (const subscriber of [...subscribers]) subscriber();
        },
        onError,
      );
      const created = { subscribers, connection };
      channels.set(channel, created);
      connection.catch(() => {
        if (channels.get(channel) === created) channels.delete(channel);
      });
      entry = created;
    }
    const { subscribers, connection } = entry;
    // Its own function: the same callback subscribed twice is two subscriptions.
    const subscriber = () => onNotify();
    subscribers.add(subscriber);
    let stop: () => Promise<void>;
    try {
      stop = await connection;
    } catch (error) {
      subscribers.delete(subscriber);
      throw error;
    }
    const shared = entry;
    return async () => {
      if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
      if (channels.get(channel) === shared) channels.delete(channel);
      await stop();
    };
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  const { pg } = await postgresDriver();
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectLater = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      // Notifications may have been missed while disconnected: report a change once reconnected.
      connect().then(onNotify, reconnectLater);
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: 'openshelf-listen',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', (error) => {
      onError(error);
      next.end().catch(() => {});
      if (client === next) client = undefined;
      reconnectLater();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
