import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogFile, writeCatalogFile } from '../../../cli/files.js';
import type { Database } from '../../../db/client.js';
import {
  createTestDatabase,
  makeCollection,
  makeProduct,
  makeTee,
  TEST_WRITE,
} from '../../../testing/index.js';
import { queryProducts } from '../products/product-read.service.js';
import { exportCollections, exportProducts } from './export.service.js';
import { generateCatalog } from './generate.service.js';
import { ImportFailed, importCatalog } from './import.service.js';

let source: Database;
let target: Database;
const dir = mkdtempSync(path.join(tmpdir(), 'openshelf-transfer-'));
const publicUrl = 'http://shop.test';

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const kitchen = await makeCollection(source.db, 'Kitchen');
  await makeProduct(source.db, {
    name: 'Mug',
    priceMinor: 1250,
    costMinor: 400,
    brand: 'Clay',
    collectionIds: [kitchen.id],
    stock: { trackInventory: true, quantity: 3 },
    discount: { type: 'PERCENT', value: 1250 },
  });
  await makeTee(source.db, 2, {
    collectionIds: [kitchen.id],
    variants: [
      // (A SKU names one variant: the L price goes to both colours, the SKU to one.)
      { choices: { Size: 'L' }, priceMinor: 2500 },
      { choices: { Size: 'L', Color: 'Blue' }, sku: 'TEE-L-BLUE' },
      { choices: { Size: 'S', Color: 'Red' }, stock: { quantity: 0 } },
    ],
  });
  await makeProduct(source.db, {
    name: 'Hidden',
    visible: false,
    media: [{ url: 'https://cdn.example/h.jpg', altText: 'h' }],
  });
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
});

async function exportTo(file: string): Promise<number> {
  const collections = await exportCollections(source.db, publicUrl);
  return writeCatalogFile(
    file,
    collections,
    exportProducts(source.db, { publicUrl, currency: 'USD' }),
    () => {},
  );
}

async function snapshot(db: Database) {
  const page = await queryProducts(db.db, {
    includeHidden: true,
    currency: 'USD',
    sort: [{ fieldName: 'name' }],
  });
  return page.items.map((view) => ({
    name: view.record.name,
    slug: view.record.slug,
    priceMinor: view.record.priceMinor,
    costMinor: view.record.costMinor,
    discount: view.record.discount,
    visible: view.record.visible,
    media: view.record.media.map((m) => m.url),
    collections: view.record.collectionIds.length,
    variants: view.record.variants.map((v) => ({
      choices: v.choices,
      priceMinor: v.priceMinor,
      sku: v.sku,
      quantity: v.quantity,
    })),
  }));
}

describe('export and import', () => {
  it('round-trips a catalog through JSON and YAML; importing again updates instead of duplicating', async () => {
    const json = path.join(dir, 'catalog.json');
    const yaml = path.join(dir, 'catalog.yaml');
    expect(await exportTo(json)).toBe(3);
    expect(await exportTo(yaml)).toBe(3);
    const fresh = await createTestDatabase();
    try {
      const first = await importCatalog(fresh.db, readCatalogFile(json), TEST_WRITE);
      expect(first).toMatchObject({
        products: { created: 3, updated: 0 },
        collections: { created: 1, updated: 0 },
      });
      expect(await snapshot(fresh)).toEqual(await snapshot(source));
      const again = await importCatalog(fresh.db, readCatalogFile(yaml), TEST_WRITE);
      expect(again).toMatchObject({
        products: { created: 0, updated: 3 },
        collections: { created: 0, updated: 1 },
      });
      expect(await snapshot(fresh)).toEqual(await snapshot(source));
    } finally {
      await fresh.close();
    }
  });

  it('writes and reads CSV rows (product fields, options, collections by slug)', async () => {
    const file = path.join(dir, 'catalog.csv');
    await exportTo(file);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toContain('id,name,slug,description');
    expect(text).toContain('Size=S|M|L; Color=Red:#d32f2f|Blue:#1976d2');
    await makeCollection(target.db, 'Kitchen');
    const rows = readCatalogFile(file).map((row) => {
      const data = row.data as { collectionIds?: string[] };
      return { ...row, data: { ...data, ...(data.collectionIds ? { collectionIds: ['kitchen'] } : {}) } };
    });
    const result = await importCatalog(target.db, rows, TEST_WRITE);
    expect(result.products.created).toBe(3);
    const names = (await snapshot(target)).map((p) => [p.name, p.variants.length, p.collections]);
    expect(names).toEqual([
      ['Hidden', 1, 0],
      ['Mug', 1, 1],
      ['Tee', 6, 1],
    ]);
  });

  it('refuses a file with bad rows, naming line and field, and imports nothing', async () => {
    const file = path.join(dir, 'bad.yaml');
    writeFileSync(
      file,
      [
        'products:',
        '  - name: Fine',
        '    priceData: {price: 5}',
        '  - name: ""',
        '    priceData: {price: 1.234}',
        '  - name: Ghost',
        '    priceData: {price: 3}',
        '    collectionIds: [nowhere]',
        '',
      ].join('\n'),
    );
    const before = (await snapshot(target)).length;
    try {
      await importCatalog(target.db, readCatalogFile(file), TEST_WRITE);
      expect.unreachable('must refuse');
    } catch (error) {
      expect(error).toBeInstanceOf(ImportFailed);
      expect((error as ImportFailed).problems).toEqual([
        {
          position: 'line 4 (products[1])',
          field: 'product.name',
          description: 'must be at least 1 characters long',
        },
      ]);
    }
    writeFileSync(
      file,
      [
        'products:',
        '  - name: Fine',
        '    priceData: {price: 5}',
        '  - name: Ghost',
        '    priceData: {price: 3.5}',
        '    collectionIds: [nowhere]',
        '',
      ].join('\n'),
    );
    await expect(importCatalog(target.db, readCatalogFile(file), TEST_WRITE)).rejects.toMatchObject({
      problems: [
        {
          position: 'line 4 (products[1])',
          field: 'product.collectionIds[0]',
          description: 'is not the id of a collection',
        },
      ],
    });
    expect((await snapshot(target)).length).toBe(before);
    const dry = await importCatalog(
      target.db,
      readCatalogFile(path.join(dir, 'catalog.json')).filter((r) => r.kind === 'collection'),
      TEST_WRITE,
      { dryRun: true },
    );
    expect(dry.dryRun).toBe(true);
  });

  it('generates large synthetic catalogs in batches', async () => {
    const progress: number[] = [];
    const result = await generateCatalog(target.db, { products: 600, batchSize: 250 }, TEST_WRITE, (done) =>
      progress.push(done),
    );
    expect(progress).toEqual([250, 500, 600]);
    expect(result.products).toBe(600);
    expect(result.variants).toBeGreaterThan(600);
    const page = await queryProducts(target.db, {
      includeHidden: true,
      currency: 'USD',
      filter: { brand: 'Hearth', price: { $lt: 100 } },
      sort: [{ fieldName: 'price', order: 'DESC' }],
    });
    expect(page.metadata.total).toBeGreaterThan(0);
    expect(page.items.every((p) => p.record.brand === 'Hearth' && p.discountedPriceMinor < 10_000)).toBe(
      true,
    );
  });
});
