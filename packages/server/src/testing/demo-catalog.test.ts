import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { makeProduct } from './catalog.js';
import { APPLICATION_TABLES } from './database.js';
import { withDemoCatalog } from './demo-catalog.js';
import { createTestApp, type TestApp } from './index.js';

// The browser suites' shops start from a copy of the demo catalog a worker seeded once: the copy must be
// what the seed leaves, and a store that starts from it must take new writes as a seeded one does.
describe('the demo catalog a test store starts with', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  async function store(): Promise<TestApp> {
    const t = await createTestApp();
    apps.push(t);
    await withDemoCatalog(t);
    return t;
  }

  // The first store seeds the worker's demo catalog (images and their renditions included), the one slow
  // set-up every browser suite shares: longer than a test's usual 30 s on a busy machine.
  it('is copied row for row, sequences and media files included, and takes new products after it', async () => {
    const seeded = await store();
    const copied = await store();
    expect(await contents(copied)).toEqual(await contents(seeded));
    for (const { storageKey } of await queryRows<{ storageKey: string }>(
      copied.database.db,
      sql`SELECT storage_key AS "storageKey" FROM media_files`,
    )) {
      expect(readFileSync(path.join(copied.config.mediaDir, storageKey))).toEqual(
        readFileSync(path.join(seeded.config.mediaDir, storageKey)),
      );
    }
    // Sequences continue after the copied rows, and the catalog's triggers work on them.
    const { record: product } = await makeProduct(copied.database.db, { name: 'After the demo' });
    const [numbers] = await queryRows<{ highest: number }>(
      copied.database.db,
      sql`SELECT max(numeric_id)::int AS highest FROM products WHERE id <> ${product.id}`,
    );
    expect(product.numericId).toBeGreaterThan(numbers?.highest ?? 0);
    const list = await copied.app.inject({
      method: 'POST',
      url: '/stores-reader/v1/products/query-platformized',
      payload: { query: { paging: { limit: 1 }, filter: { name: 'After the demo' } } },
    });
    expect(list.json().products.map((p: { name: string }) => p.name)).toEqual(['After the demo']);
  }, 120_000);
});

/** Every application table's rows, in a stable order. */
async function contents(t: TestApp): Promise<Record<string, unknown>> {
  const tables = await queryRows<{ name: string }>(t.database.db, sql.raw(APPLICATION_TABLES));
  const result: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: unknown }>(
      t.database.db,
      sql.raw(`SELECT coalesce(json_agg(t ORDER BY t::text), '[]') AS rows FROM ${name} t`),
    );
    result[name] = row?.rows;
  }
  return result;
}
