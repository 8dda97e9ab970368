import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { createDb, MIGRATIONS_FOLDER } from '../db/client.js';

// Any constant unique to the test harness: serialises building the template across test workers.
const TEMPLATE_LOCK_KEY = 73_640_002;

/**
 * The name of a migrated, empty PostgreSQL database that each test file's database is copied from
 * (`CREATE DATABASE … TEMPLATE`), instead of replaying every migration per file. The name carries a
 * hash of the migrations, so a changed migration builds a new template; the first worker to need it
 * builds it under an advisory lock while the others wait. Nobody may connect to it afterwards (a
 * connected template cannot be copied), so it is built under a temporary name, then renamed and
 * closed to connections. Templates of other migrations are left alone: another checkout may be
 * copying from them.
 */
export async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `openshelf_tpl_${migrationsHash()}`;
  if (await exists(admin, name)) return name;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    if (await exists(admin, name)) return name;
    const building = `openshelf_tplb_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await createDb({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

async function exists(admin: pg.Client, name: string): Promise<boolean> {
  const result = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return result.rowCount === 1;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
