import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDirectoryInto } from './db/copy-tree.js';

/*
 * The demo store the build makes (build-demo-store.script.ts): a PGlite data directory holding the migrated
 * schema and the demo catalog, beside the media files its rows point to. A first start of the embedded
 * store copies both instead of seeding the catalog through the domain services (705 statements: ~1.5 s of
 * CPU on PGlite, after listen, so the first pages showed an empty shop until it was done).
 *
 * Only the catalog is in it. Everything secret or particular to an install — the owner's API key and admin
 * login, the bundled storefront's OAuth client, the demo gift card's code — is made at the first start, as
 * before. The catalog's ids are the same in every install started from one build; nothing is reachable by
 * knowing them (a product's private download is served only through an order's signed link).
 *
 * This file is light (no database driver, no domain code): server.ts reads it before the embedded database
 * starts, and loads the rest of the server while that database starts.
 */

export const DEMO_STORE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/demo-store',
);
/** What the template holds, by name; the manifest is written last: the template is complete when it exists. */
export const DEMO_STORE_LAYOUT = { pglite: 'pglite', media: 'media', manifest: 'demo-store.json' } as const;

export interface DemoStoreManifest {
  /** The store currency its prices were seeded in; a store in another currency seeds its own. */
  currency: string;
  products: number;
  collections: number;
}

export interface DemoStoreStart {
  /** The PGlite data directory to copy (createDb's `templateDir`). */
  pgliteDir: string;
  manifest: DemoStoreManifest;
}

/**
 * Starts a fresh embedded store as a copy of the built demo store: its media files go into `mediaDir` now,
 * and the returned `pgliteDir` is for createDb to copy. Undefined — the store then starts empty and seeds the
 * demo catalog itself — when there is no complete template (an old build), it was seeded in another currency,
 * or the store is not fresh (its database or media directory exists). Media first: should the process stop
 * before the database is copied, the next start finds media and seeds as before (the copied files then
 * belong to no row).
 */
export function startFromDemoStore(
  store: { pgliteDir: string; mediaDir: string; currency: string },
  templateDir = DEMO_STORE_DIR,
): DemoStoreStart | undefined {
  const manifest = readManifest(templateDir);
  if (!manifest || manifest.currency !== store.currency) return undefined;
  if (existsSync(path.join(store.pgliteDir, 'PG_VERSION')) || existsSync(store.mediaDir)) return undefined;
  if (!copyDirectoryInto(path.join(templateDir, DEMO_STORE_LAYOUT.media), store.mediaDir)) return undefined;
  return { pgliteDir: path.join(templateDir, DEMO_STORE_LAYOUT.pglite), manifest };
}

function readManifest(templateDir: string): DemoStoreManifest | undefined {
  try {
    return JSON.parse(
      readFileSync(path.join(templateDir, DEMO_STORE_LAYOUT.manifest), 'utf8'),
    ) as DemoStoreManifest;
  } catch {
    return undefined;
  }
}
