import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, type Database, queryRows } from '../db/client.js';
import { migratedTemplate } from './postgres-template.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when the suite runs in its
 * PostgreSQL project (TEST_DB=postgres) — a database on TEST_DATABASE_URL, copied from a migrated
 * template (postgres-template.ts). Both start from the migrated schema without replaying the migrations.
 * Files never share mutable state, but a worker reuses the database its previous file closed, emptied
 * back to the migrated schema (`emptied`, `emptiedPostgres`); one whose schema the file changed is
 * dropped.
 */
export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this file's own database (absent on PGlite). */
  url?: string;
  /** Closes this process's connections but keeps the database (for handing it to a child process). */
  disconnect(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') return openPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  const spare = sparePostgres;
  sparePostgres = undefined;
  const own = spare ?? (await copyTemplate(adminUrl));
  const url = databaseUrl(adminUrl, own.name);
  const database = await createDb({ kind: 'postgres', url, poolSize: 20 });
  let connected = true;
  const disconnect = async () => {
    if (connected) await database.close();
    connected = false;
  };
  return {
    ...database,
    url,
    disconnect,
    close: async () => {
      await disconnect();
      if (!sparePostgres && (await emptiedPostgres(url, own.schema))) sparePostgres = own;
      else await dropDatabase(adminUrl, own.name);
    },
  };
}

/**
 * The database this worker's previous file closed on PostgreSQL, emptied for the next file. Copying the
 * migrated template costs the PostgreSQL server ~0.6 s per file (CREATE DATABASE writes every page of
 * ~50 tables and their indexes to the WAL, and a first connection builds its catalog caches), emptying
 * with DELETE a tenth of that (TRUNCATE costs as much as a copy: new files for every table and index).
 */
let sparePostgres: { name: string; schema: string } | undefined;

/**
 * Test databases are named after the vitest run that made them (`OPENSHELF_TEST_RUN`, set once in
 * vitest.config.ts: its start time and a random part), so the run's global teardown
 * (postgres-cleanup.ts) drops what its workers kept, and a later run drops what a killed one left.
 */
function testRunPrefix(): string {
  return `openshelf_t_${process.env.OPENSHELF_TEST_RUN ?? 'adhoc'}_`;
}

async function copyTemplate(adminUrl: string): Promise<{ name: string; schema: string }> {
  const name = `${testRunPrefix()}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
  await client.connect();
  try {
    return {
      name,
      schema: (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]?.fingerprint ?? '',
    };
  } finally {
    await client.end();
  }
}

/**
 * Empties a closed file's PostgreSQL database back to what a copy of the template holds: connections
 * still open to it (a child process, a leaked pool) are ended first, then every table is emptied
 * with its triggers and foreign-key checks off (everything goes) and every sequence restarted. False
 * — the caller drops the database — when the file changed the schema or anything fails.
 */
async function emptiedPostgres(url: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    if ((await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]?.fingerprint !== schema)
      return false;
    await client.query(EMPTY_TABLES);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  try {
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await dropper.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * The PGlite this worker's previous test file closed, emptied and ready for the next file. Booting PGlite
 * from the migrated template costs ~0.75 s of CPU, emptying its tables ~0.1 s, and a worker keeps this
 * module from one file to the next (vitest's `isolate: false`). Only this test harness holds it.
 */
let sparePglite: { database: Database; schema: string } | undefined;

async function openPglite(): Promise<TestDatabase> {
  const spare = sparePglite;
  sparePglite = undefined;
  const database = spare?.database ?? (await createDb({ kind: 'pglite' }));
  const schema = spare?.schema ?? (await schemaFingerprint(database));
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    if (!sparePglite && (await emptied(database, schema))) sparePglite = { database, schema };
    else await database.close();
  };
  return { ...database, close: release, disconnect: release };
}

/**
 * Empties every table and restarts every sequence, so the next file sees what a fresh migrated database
 * holds (migrations insert no rows outside drizzle's own journal). False — the caller then closes the
 * database — when the file changed the schema, left a transaction open or anything else fails.
 */
async function emptied(database: Database, schema: string): Promise<boolean> {
  try {
    if ((await schemaFingerprint(database)) !== schema) return false;
    await database.db.execute(sql.raw(EMPTY_TABLES));
    await database.db.execute(sql`SELECT pg_advisory_unlock_all()`);
    await database.db.execute(sql.raw('RESET ALL'));
    return true;
  } catch {
    return false;
  }
}

/** What the schema holds (relations, functions, triggers), to notice a file that changed it. */
const SCHEMA_FINGERPRINT = `
  SELECT md5(
    (SELECT string_agg(format('%s:%s:%s', relname, relkind, relnatts), ',' ORDER BY relname) FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast'))
    || (SELECT coalesce(string_agg(proname, ',' ORDER BY proname), '') FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))
    || (SELECT count(*)::text FROM pg_trigger)
  ) AS fingerprint`;

/** The application's schemas: not PostgreSQL's own, nor drizzle's migration journal. */
export const APPLICATION_SCHEMAS = `schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`;

/** The application's tables, each quoted (`schema.table`), in name order. */
export const APPLICATION_TABLES = `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
  WHERE ${APPLICATION_SCHEMAS} ORDER BY 1`;

/**
 * Empties every application table and restarts every sequence, in one statement both drivers run.
 * DELETE, with triggers and foreign-key checks off for the transaction (everything goes): a test file
 * leaves a few rows, and TRUNCATE would make new files for every table and index, which cost PostgreSQL
 * as much as copying the template again.
 */
const EMPTY_TABLES = `DO $$
DECLARE name text;
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  FOR name IN ${APPLICATION_TABLES} LOOP
    EXECUTE 'DELETE FROM ' || name;
  END LOOP;
  PERFORM setval(format('%I.%I', schemaname, sequencename), start_value, false) FROM pg_sequences
    WHERE ${APPLICATION_SCHEMAS};
END $$`;

async function schemaFingerprint(database: Database): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(database.db, sql.raw(SCHEMA_FINGERPRINT));
  return row?.fingerprint ?? '';
}
