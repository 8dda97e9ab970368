import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { EventActor } from '../../events/index.js';
import type { MediaStorage } from '../../media/index.js';
import { saveMediaFile } from '../../media/index.js';
import { createCollection } from '../collections/collections.service.js';
import { slugify } from '../products/product.rules.js';
import { createProduct } from '../products/product-write.service.js';
import { products } from '../products.schema.js';
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from './demo-catalog.data.js';
import { DEMO_IMAGE_SIZE, type DemoArt, demoPdf, renderDemoImage } from './demo-images.data.js';

/** Where `npm run build` puts the pre-rendered demo images (packages/server/dist/demo-images). */
export const DEMO_IMAGES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../dist/demo-images',
);

const SEED_ACTOR: EventActor = { identityType: 'APP', id: 'demo-seed' };

export interface ImageJob {
  fileName: string;
  art: DemoArt;
}

/** Every image the demo catalog uses, by file name (the build pre-renders exactly these). */
export function demoImageJobs(): ImageJob[] {
  const jobs: ImageJob[] = DEMO_COLLECTIONS.map((c) => ({
    fileName: `collection-${c.slug}.jpg`,
    art: { motif: c.motif, colors: c.colors },
  }));
  for (const p of DEMO_PRODUCTS) {
    const slug = slugify(p.name);
    jobs.push({
      fileName: `${slug}.jpg`,
      art: { motif: p.motif, colors: p.colors },
    });
    for (const choice of p.choiceImages ?? []) {
      jobs.push({
        fileName: `${slug}-${slugify(choice.choice)}.jpg`,
        art: { motif: p.motif, colors: p.colors, ink: choice.color },
      });
    }
  }
  return jobs;
}

export interface SeedResult {
  seeded: boolean;
  products: number;
  collections: number;
}

async function productCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return Number(row?.n ?? 0);
}

/**
 * Seeds the demo store when the catalog is empty (idempotent: any existing product means "already
 * seeded" or "a real store", and nothing is done). Images are read from the build's pre-rendered set,
 * or rendered now when absent, before the database is touched; the rows are then written in one
 * transaction under an advisory lock, so two processes seeding at once produce one catalog.
 */
export async function seedDemoCatalog(
  db: DbOrTx,
  storage: MediaStorage,
  options: { currency: string; imagesDir?: string; onProgress?: (done: number, total: number) => void },
): Promise<SeedResult> {
  if ((await productCount(db)) > 0) return { seeded: false, products: 0, collections: 0 };
  const jobs = demoImageJobs();
  const total = jobs.length + DEMO_COLLECTIONS.length + DEMO_PRODUCTS.length;
  let done = 0;
  const tick = () => options.onProgress?.(++done, total);
  const images = new Map<string, Buffer>();
  const dir = options.imagesDir ?? DEMO_IMAGES_DIR;
  for (const job of jobs) {
    const prebuilt = path.join(dir, job.fileName);
    images.set(
      job.fileName,
      existsSync(prebuilt) ? await readFile(prebuilt) : await renderDemoImage(job.art),
    );
    tick();
  }
  const ctx = { actor: SEED_ACTOR, currency: options.currency };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('openshelf-demo-seed'))`);
    if ((await productCount(tx)) > 0) return { seeded: false, products: 0, collections: 0 };
    // Every demo image is drawn at one size (demo-images.data.ts): no need to load sharp to read it back.
    const dimensions = { width: DEMO_IMAGE_SIZE, height: DEMO_IMAGE_SIZE };
    const upload = async (fileName: string, data: Buffer) =>
      (await saveMediaFile(tx, storage, { fileName, data, dimensions })).id;
    const uploadPrivate = async (fileName: string, data: Buffer) =>
      (await saveMediaFile(tx, storage, { fileName, data, visibility: 'private' })).id;
    for (const collection of DEMO_COLLECTIONS) {
      const mediaId = await upload(
        `${collection.slug}.jpg`,
        images.get(`collection-${collection.slug}.jpg`) as Buffer,
      );
      await createCollection(
        tx,
        {
          name: collection.name,
          slug: collection.slug,
          description: collection.description,
          media: [{ mediaId }],
        },
        ctx,
      );
      tick();
    }
    for (const demo of DEMO_PRODUCTS) {
      const { collections, motif: _motif, colors: _colors, choiceImages, download, ...input } = demo;
      const slug = slugify(demo.name);
      const media = [
        { mediaId: await upload(`${slug}.jpg`, images.get(`${slug}.jpg`) as Buffer), altText: demo.name },
      ];
      for (const choice of choiceImages ?? []) {
        const fileName = `${slug}-${slugify(choice.choice)}.jpg`;
        media.push({
          mediaId: await upload(fileName, images.get(fileName) as Buffer),
          altText: `${demo.name}, ${choice.choice}`,
          ...{ choice: { option: choice.option, choice: choice.choice } },
        });
      }
      const digitalFiles = download
        ? [
            {
              id: await uploadPrivate(download, demoPdf(demo.name)),
              fileName: download,
              fileType: 'SECURE_DOCUMENT' as const,
            },
          ]
        : undefined;
      await createProduct(
        tx,
        { ...input, collectionIds: collections, media, ...(digitalFiles ? { digitalFiles } : {}) },
        ctx,
      );
      tick();
    }
    return { seeded: true, products: DEMO_PRODUCTS.length, collections: DEMO_COLLECTIONS.length };
  });
}
