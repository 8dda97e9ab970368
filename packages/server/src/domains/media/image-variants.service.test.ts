import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RendersInFlight, resizedImage } from './image-variants.service.js';
import type { MediaFile } from './media.service.js';
import { LocalDiskStorage, type MediaStorage } from './media-storage.adapter.js';

// Renditions are rendered on a request's demand: concurrent requests for one rendition must share one
// render (a burst of shoppers opening a new product page), and what is under way belongs to its app.
describe('resized images', () => {
  let root: string;
  let disk: LocalDiskStorage;
  const writes: string[] = [];
  /** The app's disk storage, counting what is written to it. */
  const storage: MediaStorage = {
    put: async (key, data) => {
      writes.push(key);
      await disk.put(key, data);
    },
    get: (key) => disk.get(key),
    stream: (key) => disk.stream(key),
    delete: (key) => disk.delete(key),
    exists: (key) => disk.exists(key),
  };
  const file = (id: string) =>
    ({ id, storageKey: `originals/${id}.png`, mimeType: 'image/png' }) as MediaFile;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'openshelf-renditions-'));
    disk = new LocalDiskStorage(root);
    const original = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    for (const id of ['burst', 'two-apps']) await disk.put(`originals/${id}.png`, original);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('renders a rendition once for requests that ask at the same time, then serves it from storage', async () => {
    const inFlight: RendersInFlight = new Map();
    const images = await Promise.all(
      Array.from({ length: 6 }, () => resizedImage(storage, inFlight, file('burst'), 640, 'webp')),
    );
    expect(writes.filter((key) => key === 'cache/burst/640.webp')).toHaveLength(1);
    expect(new Set(images.map((image) => image?.toString('base64'))).size).toBe(1);
    expect((await sharp(images[0] as Buffer).metadata()).width).toBe(640);
    expect(inFlight.size).toBe(0);

    const again = await resizedImage(storage, inFlight, file('burst'), 640, 'webp');
    expect(again?.equals(images[0] as Buffer)).toBe(true);
    expect(writes.filter((key) => key === 'cache/burst/640.webp')).toHaveLength(1);
  });

  it('keeps renders under way per app: another app renders its own', async () => {
    const [mine, theirs] = [new Map(), new Map()] as RendersInFlight[];
    await Promise.all([
      resizedImage(storage, mine as RendersInFlight, file('two-apps'), 384, 'png'),
      resizedImage(storage, theirs as RendersInFlight, file('two-apps'), 384, 'png'),
    ]);
    expect(writes.filter((key) => key === 'cache/two-apps/384.png')).toHaveLength(2);
  });
});
