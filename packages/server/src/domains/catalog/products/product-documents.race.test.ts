import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { captureQueries } from '../../../db/query-count.js';
import {
  createTestDatabase,
  makeProduct,
  makeTee,
  TEST_WRITE,
  type TestDatabase,
  testDatabaseKind,
  testDocumentContext,
} from '../../../testing/index.js';
import { CountMemo } from '../listing/count-memo.cache.js';
import { PagePlans } from '../listing/page-plans.cache.js';
import { productDocuments, products } from '../products.schema.js';
import { decrementStock, restoreStock } from '../variants/stock.service.js';
import { productOut } from './product.mapper.js';
import { viewProduct } from './product.rules.js';
import { productDocumentById, queryProductDocuments } from './product-documents.service.js';
import { loadProductRecords } from './product-rows.service.js';
import { lockProduct, updateProduct } from './product-write.service.js';

/*
 * ADR 041 under concurrency: documents stay equal to the wire mapping whatever runs at once (orders taking
 * stock while edits run and shoppers read), a document written back by a reader that lost a race is never
 * served, and an unchanged page is one statement — the documents, in order, with nothing else to build.
 */

let database: TestDatabase;
const ctx = testDocumentContext();
let tee = '';
let mug = '';

beforeAll(async () => {
  database = await createTestDatabase();
  tee = (await makeTee(database.db, 50)).record.id;
  mug = (await makeProduct(database.db, { name: 'Mug', stock: { trackInventory: true, quantity: 40 } }))
    .record.id;
  for (let i = 0; i < 6; i++) await makeProduct(database.db, { name: `Filler ${i}`, priceMinor: 100 + i });
});
afterAll(() => database.close());

const mapped = async (id: string) => {
  const [record] = await loadProductRecords(database.db, eq(products.id, id));
  if (!record) throw new Error(`no product ${id}`);
  return JSON.parse(
    ctx.serialize(
      productOut(viewProduct(record), {
        publicUrl: ctx.publicUrl,
        merchantData: false,
        includeVariants: true,
      }),
    ),
  );
};

async function expectCurrent(label: string) {
  for (const id of [tee, mug]) {
    expect(
      JSON.parse((await productDocumentById(database.db, id, ctx)) ?? 'null'),
      `${label}: ${id}`,
    ).toEqual(await mapped(id));
  }
  const page = await queryProductDocuments(database.db, { currency: 'USD', paging: { limit: 50 } }, ctx);
  const listed = page.items.map((text) => JSON.parse(text));
  expect(
    listed.find((p) => p.id === tee),
    `${label}: listed tee`,
  ).toEqual(await mapped(tee));
  expect(
    listed.find((p) => p.id === mug),
    `${label}: listed mug`,
  ).toEqual(await mapped(mug));
}

/**
 * A transaction holding a product's row lock (as an order or an edit does), after `work` in it, until
 * `release()` commits it.
 */
async function holdProduct(
  id: string,
  work: (
    tx: Parameters<Parameters<TestDatabase['db']['transaction']>[0]>[0],
  ) => Promise<void> = async () => {},
) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const transaction = database.db.transaction(async (tx) => {
    await lockProduct(tx, id);
    await work(tx);
    locked();
    await held;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

describe('product documents under concurrency (ADR 041)', () => {
  it('stay equal to the mapping while orders take stock, edits run and shoppers read at once', async () => {
    const { db } = database;
    const [variant] = (await loadProductRecords(db, eq(products.id, tee)))[0]?.variants ?? [];
    const read = () =>
      Promise.all([
        productDocumentById(db, tee, ctx),
        queryProductDocuments(db, { currency: 'USD', paging: { limit: 50 } }, ctx),
      ]);
    for (let round = 0; round < 8; round++) {
      await Promise.all([
        db.transaction((tx) =>
          decrementStock(tx, [
            { productId: tee, variantId: variant?.id, quantity: 1 },
            { productId: mug, quantity: 2 },
          ]),
        ),
        read(),
        updateProduct(db, tee, { priceMinor: 2000 + round, ribbon: `Round ${round}` }, TEST_WRITE),
        read(),
        updateProduct(db, mug, { discount: { type: 'AMOUNT', value: round * 10 } }, TEST_WRITE),
        db.transaction((tx) => restoreStock(tx, [{ productId: mug, quantity: 1 }])),
        read(),
      ]);
      await expectCurrent(`round ${round}`);
    }
    const [mugNow] = await loadProductRecords(db, eq(products.id, mug));
    expect(mugNow?.variants[0]?.quantity, 'every order and restock applied once').toBe(40 - 8 * 2 + 8);
  });

  it('never serves a document a slow reader wrote back after a newer change', async () => {
    const { db } = database;
    await expectCurrent('before');
    const [old] = await db.select().from(productDocuments).where(eq(productDocuments.productId, mug));
    expect(old, 'the mug has a stored document').toBeDefined();
    await updateProduct(db, mug, { name: 'Mug, renamed' }, TEST_WRITE);
    await productDocumentById(db, mug, ctx); // a reader stores the renamed mug
    // A slow reader read the rows before the rename and stores what it built only now.
    await db
      .update(productDocuments)
      .set({ fingerprint: old?.fingerprint as string, body: old?.body as string })
      .where(eq(productDocuments.productId, mug));
    const served = JSON.parse((await productDocumentById(db, mug, ctx)) ?? 'null');
    expect(served.name).toBe('Mug, renamed');
    await expectCurrent('after the late write-back');
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'serve the committed state while an edit is still open, and the new one once it commits',
    async () => {
      const { db } = database;
      const before = await mapped(tee);
      const edit = await holdProduct(tee, async (tx) => {
        await tx.update(products).set({ name: 'Tee, edited' }).where(eq(products.id, tee));
      });
      // Readers neither wait for the open edit nor see it, and what they write back is the committed state.
      expect(JSON.parse((await productDocumentById(db, tee, ctx)) ?? 'null')).toEqual(before);
      await edit.release();
      expect(JSON.parse((await productDocumentById(db, tee, ctx)) ?? 'null').name).toBe('Tee, edited');
      await expectCurrent('after the edit');
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'a reader does not wait on an order or edit holding a product it stores the first document of',
    async () => {
      const { db } = database;
      // A new product has no document: storing one checks its foreign key, which shares the product's row
      // lock — held here, as an order taking stock or an edit holds it, until the test releases it.
      const lamp = (await makeProduct(db, { name: 'Lamp', priceMinor: 4500 })).record.id;
      const order = await holdProduct(lamp);
      try {
        const answered = await Promise.race([
          productDocumentById(db, lamp, ctx),
          new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
        ]);
        expect(JSON.parse(String(answered)), 'the reader answers from what it built').toEqual(
          await mapped(lamp),
        );
        const stored = await db.select().from(productDocuments).where(eq(productDocuments.productId, lamp));
        expect(stored, 'the write-back gave up; the next reader stores it').toEqual([]);
      } finally {
        await order.release();
      }
      await productDocumentById(db, lamp, ctx);
      const [stored] = await db.select().from(productDocuments).where(eq(productDocuments.productId, lamp));
      expect(JSON.parse(stored?.body ?? 'null')).toEqual(await mapped(lamp));
      await db.delete(products).where(eq(products.id, lamp)); // the next test counts the catalog's pages
    },
  );

  it('answer an unchanged page with one statement that reads the stored documents', async () => {
    const { db } = database;
    const input = {
      currency: 'USD',
      paging: { limit: 10 },
      counts: new CountMemo({ ttlMs: 60_000 }),
      plans: new PagePlans(),
    };
    await queryProductDocuments(db, input, ctx); // builds what is missing, counts the total
    const { result, queries, statements } = await captureQueries(() => queryProductDocuments(db, input, ctx));
    expect(queries, 'the page and its documents: one statement').toBe(1);
    expect(result.items.length).toBe(8);
    const [statement] = statements;
    expect(statement?.sql).toContain('product_documents');
    expect(statement?.sql, 'nothing is built in the database either').not.toContain('json_agg');
    const explained = await queryRows<Record<string, unknown>>(
      db,
      sql.raw(
        `EXPLAIN (FORMAT JSON) ${(statement?.sql ?? '').replace(/\$(\d+)/g, (_, n) => literal(statement?.params[Number(n) - 1]))}`,
      ),
    );
    const plan = JSON.stringify(explained);
    expect(plan, 'the plan reads the documents table').toContain('"Relation Name":"product_documents"');
    const stored = await db
      .select({ id: productDocuments.productId })
      .from(productDocuments)
      .where(inArray(productDocuments.productId, [tee, mug]));
    expect(stored.length).toBe(2);
  });
});

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}
