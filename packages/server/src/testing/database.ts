import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Database } from '../db/client.js';
import { migratedTemplate } from './postgres-template.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when the suite runs in its
 * PostgreSQL project (TEST_DB=postgres) — a new database on TEST_DATABASE_URL, copied from a migrated
 * template (postgres-template.ts) and dropped on close. Both start from the migrated schema without
 * replaying the migrations.
 * Files never share mutable state.
 */
export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this file's own database (absent on PGlite). */
  url?: string;
  /** Closes this process's connections but keeps the database (for handing it to a child process). */
  disconnect(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const database = await createDb({ kind: 'pglite' });
    return { ...database, disconnect: database.close };
  }
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
