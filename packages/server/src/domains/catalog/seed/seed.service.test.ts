import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';
import { mediaStorageFor } from '../../media/media-storage.adapter.js';
import { queryCollections } from '../collections/collections.service.js';
import { queryProducts } from '../products/product-read.service.js';
import { DEMO_PRODUCTS } from './demo-catalog.data.js';
import { demoImageJobs, seedDemoCatalog } from './seed.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const all = () =>
  queryProducts(t.database.db, { includeHidden: true, currency: 'USD', paging: { limit: 100 } });

describe('demo catalog', () => {
  it('seeds a store that looks real, once', async () => {
    const storage = mediaStorageFor(t.config);
    const progress: number[] = [];
    const first = await seedDemoCatalog(t.database.db, storage, {
      currency: 'USD',
      onProgress: (done) => progress.push(done),
    });
    expect(first).toEqual({ seeded: true, products: DEMO_PRODUCTS.length, collections: 7 });
    expect(progress.at(-1)).toBe(demoImageJobs().length + 7 + DEMO_PRODUCTS.length);
    expect(await seedDemoCatalog(t.database.db, storage, { currency: 'USD' })).toEqual({
      seeded: false,
      products: 0,
      collections: 0,
    });

    const { items } = await all();
    expect(items.filter((p) => p.record.visible).length).toBeGreaterThanOrEqual(40);
    const collections = await queryCollections(t.database.db, { merchantView: false });
    expect(collections.items.length).toBeGreaterThanOrEqual(6);
    expect(collections.items.every((c) => c.numberOfProducts >= 3 && c.media.length === 1)).toBe(true);
    const byName = new Map(items.map((p) => [p.record.name, p]));
    expect(byName.get('Pour-Over Brewing Guide (E-book)')?.record).toMatchObject({
      productType: 'digital',
      digitalFiles: [{ fileType: 'SECURE_DOCUMENT' }],
    });
    expect(byName.get('Openshelf Gift Card')?.record).toMatchObject({
      giftCard: true,
      productType: 'digital',
    });
    expect(byName.get('Openshelf Gift Card')?.priceRange).toEqual({ min: 2500, max: 10000 });
    expect(byName.get('House Blend Subscription')?.record.subscriptionOptions?.subscriptions).toHaveLength(3);
    expect(byName.get('Linen Tee')?.stock.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    expect(byName.get('Linen Tee')?.record.variants).toHaveLength(12);
    expect(items.filter((p) => p.stock.inventoryStatus === 'OUT_OF_STOCK').length).toBeGreaterThanOrEqual(3);
    expect(items.filter((p) => p.record.discount.type !== 'NONE').length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((p) => p.record.brand)).size).toBeGreaterThanOrEqual(10);
    expect(items.every((p) => p.record.media.length >= 1)).toBe(true);
    const tee = byName.get('Linen Tee');
    expect(tee?.record.productOptions[1]?.choices.every((c) => c.mediaIds.length === 1)).toBe(true);
    const events = await listEntityEvents(t.database.db, 'product', tee?.record.id as string);
    expect(events[0]).toMatchObject({
      type: 'catalog.product.created',
      actor: { identityType: 'APP', id: 'demo-seed' },
    });
  });

  it('serves its images from the media library, resized on request', async () => {
    const { items } = await all();
    const url = items[0]?.record.media[0]?.url as string;
    expect(url).toMatch(/^\/media\/[0-9a-f-]+\/[a-z0-9-]+\.jpg$/);
    const reply = await t.app.inject({ url: `${url}?w=384`, headers: { accept: 'image/webp' } });
    expect(reply.statusCode).toBe(200);
    expect(await sharp(reply.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 384 });
    expect(path.extname(url)).toBe('.jpg');
  });
});
