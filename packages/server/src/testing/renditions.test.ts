import { createHash, randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaStorageFor } from '../domains/media/index.js';
import { mediaPath, saveMediaFile } from '../domains/media/media.service.js';
import { createTestApp, type TestApp } from './index.js';
import { sharedRoot } from './renditions.js';

describe('the browser suites’ shared renditions', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('encode an image once for every app that stores the same bytes', async () => {
    // Bytes no other run has stored, so the first app really encodes them.
    const noise = randomBytes(3);
    const png = await sharp({
      create: { width: 900, height: 300, channels: 3, background: { r: noise[0], g: noise[1], b: noise[2] } },
    })
      .png()
      .toBuffer();
    const served: Buffer[] = [];
    for (const _ of [1, 2]) {
      const t = await createTestApp({ storefront: true });
      apps.push(t);
      const file = await saveMediaFile(t.database.db, mediaStorageFor(t.config), {
        fileName: 'banner.png',
        data: png,
        visibility: 'public',
      });
      const reply = await t.app.inject({
        url: `${mediaPath(file)}?w=640`,
        headers: { accept: 'image/avif' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-type']).toBe('image/avif');
      served.push(reply.rawPayload);
      // Each app keeps the rendition in its own storage too, as the real code path does.
      expect(await mediaStorageFor(t.config).exists(`cache/${file.id}/640.avif`)).toBe(true);
      // Marks the shared copy: the second app must serve these bytes, not encode its own.
      await writeFile(path.join(sharedRoot(), sha256(png), '640.avif'), 'the shared copy');
    }
    expect((await sharp(served[0] as Buffer).metadata()).width).toBe(640);
    expect(served[1]?.toString()).toBe('the shared copy');
    await Promise.all(apps.map((t) => rm(t.config.dataDir, { recursive: true, force: true })));
  });
});

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
