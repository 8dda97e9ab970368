import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { type Database, queryRows } from '../db/client.js';
import { notifyCatalogChanged } from '../domains/catalog/catalog-events.service.js';
import { seedDemoCatalog } from '../domains/catalog/index.js';
import { mediaStorageFor } from '../domains/media/index.js';
import { APPLICATION_SCHEMAS, APPLICATION_TABLES } from './database.js';

/**
 * The demo catalog in a test store, as `seedDemoCatalog` leaves it. The browser suites start each file's
 * shop with it: seeding through the catalog's services is ~700 statements and ~60 media files (0.7–2.2 s
 * a file), so a worker seeds once per currency (the seed's only input besides where media files go),
 * keeps what the seed added (rows, sequence positions, media files), and copies that into its next
 * files' emptied databases in one transaction, with the catalog's change notice, as the seed's own
 * transaction sends it.
 *
 * Only rows the seed added are kept: when the seed wrote to a table that already held rows, the worker
 * seeds through the services every time instead.
 */
export async function withDemoCatalog(t: { database: Database; config: Config }): Promise<void> {
  const key = t.config.storeCurrency;
  const kept = snapshots.get(key);
  if (kept) return restore(t, kept);
  const before = kept === undefined ? await rowCounts(t.database) : undefined;
  const filesBefore = new Set(filesUnder(t.config.mediaDir));
  await seedDemoCatalog(t.database.db, mediaStorageFor(t.config), { currency: t.config.storeCurrency });
  if (before) snapshots.set(key, await snapshot(t, before, filesBefore));
}

interface Snapshot {
  tables: { name: string; columns: string; rows: string }[];
  sequences: { name: string; value: string }[];
  files: { relativePath: string; data: Buffer }[];
}

/** This worker's snapshots by currency; null where the seed cannot be snapshotted. */
const snapshots = new Map<string, Snapshot | null>();

async function snapshot(
  t: { database: Database; config: Config },
  before: Map<string, number>,
  filesBefore: Set<string>,
): Promise<Snapshot | null> {
  const after = await rowCounts(t.database);
  const written = [...after].filter(([name, count]) => count !== before.get(name)).map(([name]) => name);
  if (written.some((name) => (before.get(name) ?? 0) > 0)) return null;
  const tables = [];
  for (const name of written) {
    const [row] = await queryRows<{ columns: string; rows: string }>(
      t.database.db,
      sql.raw(`SELECT
        (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
          WHERE attrelid = '${name}'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '') AS columns,
        (SELECT coalesce(json_agg(t), '[]')::text FROM ${name} t) AS rows`),
    );
    if (!row) return null;
    tables.push({ name, columns: row.columns, rows: row.rows });
  }
  const sequences = await queryRows<{ name: string; value: string }>(
    t.database.db,
    sql.raw(`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value FROM pg_sequences
      WHERE last_value IS NOT NULL AND ${APPLICATION_SCHEMAS}`),
  );
  const files = filesUnder(t.config.mediaDir)
    .filter((relativePath) => !filesBefore.has(relativePath))
    .map((relativePath) => ({
      relativePath,
      data: readFileSync(path.join(t.config.mediaDir, relativePath)),
    }));
  return { tables, sequences, files };
}

async function restore(t: { database: Database; config: Config }, kept: Snapshot): Promise<void> {
  for (const file of kept.files) {
    const target = path.join(t.config.mediaDir, file.relativePath);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.data);
  }
  await t.database.db.transaction(async (tx) => {
    // The rows as the seed left them, revisions and all: no trigger may rewrite them on the way in.
    await tx.execute(sql`SELECT set_config('session_replication_role', 'replica', true)`);
    for (const table of kept.tables) {
      await tx.execute(
        sql`${sql.raw(`INSERT INTO ${table.name} (${table.columns}) OVERRIDING SYSTEM VALUE SELECT ${table.columns} FROM json_populate_recordset(NULL::${table.name}, `)}${table.rows}::json)`,
      );
    }
    for (const sequence of kept.sequences)
      await tx.execute(sql`SELECT setval(${sequence.name}, ${sequence.value}::bigint, true)`);
    await notifyCatalogChanged(tx);
  });
}

/** Exact row counts of every application table, by quoted name. */
async function rowCounts(database: Database): Promise<Map<string, number>> {
  const tables = await queryRows<{ name: string }>(database.db, sql.raw(APPLICATION_TABLES));
  const counts = await queryRows<{ name: string; count: number }>(
    database.db,
    sql.raw(
      tables
        .map(
          ({ name }) => `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::int AS count FROM ${name}`,
        )
        .join(' UNION ALL '),
    ),
  );
  return new Map(counts.map((row) => [row.name, Number(row.count)]));
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
