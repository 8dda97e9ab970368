import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, pollUntil, type TestApp } from '../testing/index.js';

// Every page's header lists the shop's collections. With the catalog read cache on, the storefront keeps
// them between renders until the catalog changes (storefront-mount.ts `catalogMemo`): a change made here
// shows on the very next page, one made by another process once its NOTIFY arrives. PAGE_CACHE=off, so
// every request below is a render; the storefront's in-process calls for the list are counted.

describe("the header's collections, kept between renders", () => {
  let t: TestApp;
  let owner = '';
  let listReads = 0;
  const page = async (url = '/cart') => {
    const reply = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
    return reply.body;
  };
  const createCollection = async (name: string) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/stores/v1/collections',
      headers: { authorization: owner },
      payload: { collection: { name } },
    });
    expect(reply.statusCode).toBe(200);
    return reply.json().collection as { id: string; slug: string };
  };

  beforeAll(async () => {
    t = await createTestApp({
      storefront: true,
      env: { PAGE_CACHE: 'off' },
      extend: async (app) => {
        app.addHook('onRequest', async (request) => {
          if (request.url.startsWith('/v2/collections/query')) listReads += 1;
        });
      },
    });
    owner = await merchantKey(t.database);
  });
  afterAll(() => t.close());

  it('reads the list once, and again on the next page after a collection is created', async () => {
    expect(await page()).not.toContain('Winter Knits');
    const before = listReads;
    await page();
    await page('/');
    expect(listReads).toBe(before);
    await createCollection('Winter Knits');
    expect(await page()).toContain('Winter Knits');
    expect(await page('/')).toContain('/collections/winter-knits');
    expect(listReads).toBeGreaterThan(before);
    // On PostgreSQL the change's own NOTIFY comes back a moment later and counts as one more change.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page();
    const settled = listReads;
    await page();
    await page('/');
    expect(listReads).toBe(settled);
  });

  it("shows another process's change once its NOTIFY arrives", async () => {
    const { id } = await createCollection('Autumn Tea');
    expect(await page()).toContain('Autumn Tea');
    // As the CLI or another server would: the row changes, and its transaction sends the NOTIFY.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE collections SET name = 'Spring Tea' WHERE id = ${id}`);
      await tx.execute(sql`SELECT pg_notify('openshelf_catalog_changed', '')`);
    });
    expect(await pollUntil(page, (html) => html.includes('Spring Tea'))).toContain('Spring Tea');
  });
});
