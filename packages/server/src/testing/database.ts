import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, type Database, queryRows } from '../db/client.js';
import { migratedTemplate } from './postgres-template.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when the suite runs in its
 * PostgreSQL project (TEST_DB=postgres) — a new database on TEST_DATABASE_URL, copied from a migrated
 * template (postgres-template.ts) and dropped on close. Both start from the migrated schema without
 * replaying the migrations.
 * Files never share mutable state: on PGlite a worker reuses the database its previous file closed, emptied
 * back to the migrated schema (see `releasePglite`).
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
  const name = `openshelf_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  let connected = true;
  const disconnect = async () => {
    if (connected) await database.close();
    connected = false;
  };
  return {
    ...database,
    url: url.toString(),
    disconnect,
    close: async () => {
      await disconnect();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
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
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
          WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`,
    );
    const names = tables.map((row) => row.name);
    if (names.length > 0)
      await database.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`));
    await database.db.execute(sql`
      SELECT setval(format('%I.%I', schemaname, sequencename), start_value, false) FROM pg_sequences
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`);
    await database.db.execute(sql`SELECT pg_advisory_unlock_all()`);
    await database.db.execute(sql.raw('RESET ALL'));
    return true;
  } catch {
    return false;
  }
}

/** What the schema holds (relations, functions, triggers), to notice a file that changed it. */
async function schemaFingerprint(database: Database): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(
    database.db,
    sql`
    SELECT md5(
      (SELECT string_agg(format('%s:%s:%s', relname, relkind, relnatts), ',' ORDER BY relname) FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast'))
      || (SELECT coalesce(string_agg(proname, ',' ORDER BY proname), '') FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))
      || (SELECT count(*)::text FROM pg_trigger)
    ) AS fingerprint`,
  );
  return row?.fingerprint ?? '';
}
