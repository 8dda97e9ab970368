// Build step (scripts/build.mjs): seeds the demo catalog once into a PGlite data directory and its media
// files, which a first start of the embedded store copies (demo-store.ts) instead of seeding.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_STORE_CURRENCY } from './config.js';
import { createDb } from './db/client.js';
import { DEMO_STORE_DIR, DEMO_STORE_LAYOUT, type DemoStoreManifest } from './demo-store.js';
import { seedDemoCatalog } from './domains/catalog/index.js';
import { mediaStorageFor } from './domains/media/index.js';

const started = performance.now();
// Made beside its place and renamed into it, so a build stopped half-way leaves no template to copy.
const work = mkdtempSync(`${DEMO_STORE_DIR}.partial-`);
try {
  const database = await createDb({ kind: 'pglite', dataDir: path.join(work, DEMO_STORE_LAYOUT.pglite) });
  let manifest: DemoStoreManifest;
  try {
    const seeded = await seedDemoCatalog(
      database.db,
      mediaStorageFor({ mediaDir: path.join(work, DEMO_STORE_LAYOUT.media) }),
      {
        currency: DEFAULT_STORE_CURRENCY,
      },
    );
    manifest = {
      currency: DEFAULT_STORE_CURRENCY,
      products: seeded.products,
      collections: seeded.collections,
    };
    // The store lives in the `postgres` database; initdb's template0 and template1 are half of the files a
    // first start copies, and the embedded store never creates a database from them.
    for (const template of ['template1', 'template0']) {
      await database.db.execute(sql.raw(`ALTER DATABASE ${template} IS_TEMPLATE false`));
      await database.db.execute(sql.raw(`DROP DATABASE ${template}`));
    }
    await database.db.execute(sql`CHECKPOINT`);
  } finally {
    await database.close();
  }
  writeFileSync(path.join(work, DEMO_STORE_LAYOUT.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(DEMO_STORE_DIR, { recursive: true, force: true });
  renameSync(work, DEMO_STORE_DIR);
  console.log(
    `Seeded the demo store (${manifest.products} products in ${manifest.collections} collections, ${manifest.currency}) into ${DEMO_STORE_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  rmSync(work, { recursive: true, force: true });
  throw error;
}
