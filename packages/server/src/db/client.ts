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
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Round-trip check for /readyz. */
  ping(): Promise<void>;
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
  if (config.kind === 'postgres') return openPostgres(config.url, config.poolSize ?? 10);
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { pg, drizzle: drizzlePg, migrate: migratePg } = await postgresDriver();
  // JIT off: our statements are short OLTP queries, and on a large catalog PostgreSQL's cost estimate
  // triggers JIT compilation that alone took ~180 ms of a 1M-product query (issue #9 bench).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: 'openshelf',
    options: '-c jit=off',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
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
    ping: async () => {
      await pool.query('SELECT 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: channelListeners(url),
    close: () => pool.end(),
  };
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
function channelListeners(url: string): Database['listen'] {
  const channels = new Map<
    string,
    { subscribers: Set<() => void>; connection: Promise<() => Promise<void>> }
  >();
  return async (channel, onNotify) => {
    let entry = channels.get(channel);
    if (!entry) {
      const subscribers = new Set<() => void>();
      const connection = listenPostgres(url, channel, () => {
        for (const subscriber of [...subscribers]) subscriber();
      });
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
    const next = new pg.Client({ connectionString: url, application_name: 'openshelf-listen' });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => {
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
