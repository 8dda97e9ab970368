import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { copyDirectoryIntoOffThread } from './copy-tree.js';

/**
 * A migrated, empty PGlite data directory made at build time, packed (for in-memory databases, the test
 * suites' one per file) and unpacked (for a data directory on disk). A first start copies the unpacked one
 * (a file copy, ≈0.1 s) instead of unpacking the archive inside PGlite (≈1 s) or running initdb (≈4 s).
 * Migrations still run at every boot, so a stale template only costs the newer migrations.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory and was touched at
 * start: ~100 MB of the idle process's RSS (ADR 038). The embedded store's working set is far smaller,
 * and the operating system's page cache still holds the table files.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
export const TEMPLATE_FILE = path.join(distDir, 'pglite-template.tar.gz');
export const TEMPLATE_DIR = path.join(distDir, 'pglite-template');

export function readPgliteTemplate(): Blob | undefined {
  return existsSync(TEMPLATE_FILE) ? new Blob([readFileSync(TEMPLATE_FILE)]) : undefined;
}

/**
 * Makes `dataDir` a copy of an unpacked template: the migrated, empty one by default, or one with data in it
 * (the demo store, demo-store.ts). The copy is made beside it and renamed into place,
 * so an interrupted first start leaves no half-copied database behind. False when there is no such template
 * (an old build) or `dataDir` holds files already: the caller then restores the archive instead.
 */
export async function copyPgliteTemplate(dataDir: string, templateDir = TEMPLATE_DIR): Promise<boolean> {
  if (!existsSync(path.join(templateDir, 'PG_VERSION'))) return false;
  return copyDirectoryIntoOffThread(templateDir, dataDir);
}

/** Unpacks the packed template into TEMPLATE_DIR (the build's second half); PGlite closes it cleanly. */
export async function unpackPgliteTemplate(archive = TEMPLATE_FILE, outDir = TEMPLATE_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const client = await PGlite.create(outDir, {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([readFileSync(archive)]),
  });
  await client.close();
}

export async function writePgliteTemplate(
  migrationsFolder: string,
  outFile = TEMPLATE_FILE,
): Promise<number> {
  const client = await PGlite.create(undefined, { extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, bytes);
    return bytes.length;
  } finally {
    await client.close();
  }
}
