import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_DIR, DEMO_STORE_LAYOUT } from '../src/demo-store.js';
import { testDatabaseKind } from '../src/testing/index.js';
import { type ServerProcess, startServerProcess } from '../src/testing/server-process.js';

// A first `npm start` of the embedded store copies the demo store the build seeded (demo-store.ts) instead
// of seeding the catalog itself; what is particular to an install is still made at that start.

/** Real first starts of the built server, two of them at once: generous for a busy CI machine. */
const START_TIMEOUT_MS = 120_000;

interface ListedProduct {
  id: string;
  slug: string;
  price: { currency: string };
  media: { mainMedia?: { image?: { url: string } } };
}

/** The store's products as a shopper sees them, or with `authorization` as the merchant (hidden ones too). */
async function listProducts(
  server: ServerProcess,
  authorization?: string,
): Promise<{ products: ListedProduct[]; total: number }> {
  const reply = await fetch(`${server.url}/stores-reader/v1/products/query-platformized`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query: { paging: { limit: 100 } } }),
  });
  expect(reply.status).toBe(200);
  const body = (await reply.json()) as { products: ListedProduct[]; metadata: { total: number } };
  return { products: body.products, total: body.metadata.total };
}

describe.runIf(testDatabaseKind() === 'pglite')('a first start of the embedded store', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const freshStart = async (name: string, env: Record<string, string> = {}) => {
    // A DATA_DIR that does not exist yet, as `./data` on a fresh checkout.
    const parent = mkdtempSync(path.join(tmpdir(), 'openshelf-demo-start-'));
    dataDirs.push(parent);
    const dataDir = path.join(parent, 'data');
    const server = await startServerProcess(name, { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
    servers.push(server);
    return { server, dataDir };
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'copies the demo store the build seeded: its products, their images, and secrets of its own',
    async () => {
      const manifest = JSON.parse(
        readFileSync(path.join(DEMO_STORE_DIR, DEMO_STORE_LAYOUT.manifest), 'utf8'),
      ) as { products: number; currency: string };
      const [a, b] = await Promise.all([freshStart('first store'), freshStart('second store')]);
      for (const { server } of [a, b]) {
        expect(server.output()).toContain('Started from the demo catalog the build seeded');
        expect(server.output()).not.toContain('Seeded the demo catalog');
      }
      const ownerKey = readFileSync(path.join(a.dataDir, 'owner-api-key.txt'), 'utf8').trim();
      expect((await listProducts(a.server, ownerKey)).total).toBe(manifest.products);
      const listed = await listProducts(a.server);
      expect(listed.products[0]?.price.currency).toBe(manifest.currency);
      // Every product's main image is served from this store's own media directory.
      const images = listed.products.flatMap((product) => product.media.mainMedia?.image?.url ?? []);
      expect(images).toHaveLength(listed.total);
      for (const url of images.slice(0, 5)) {
        const image = await fetch(url.replace(/^https?:\/\/[^/]+/, a.server.url));
        expect(image.status, url).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/jpeg');
      }
      // The home page lists them at once.
      expect(await (await fetch(`${a.server.url}/`)).text()).toMatch(/href="\/products\/[^"]+"/);
      // Each install makes its own owner key, admin login, storefront client and demo gift card.
      const secrets = (dataDir: string) =>
        ['owner-api-key.txt', 'owner-login.txt', 'storefront-client-id.txt'].map((file) =>
          readFileSync(path.join(dataDir, file), 'utf8'),
        );
      const [secretsA, secretsB] = [secrets(a.dataDir), secrets(b.dataDir)];
      for (const [index, secret] of secretsA.entries()) expect(secret).not.toBe(secretsB[index]);
      const giftCard = (output: string) => /demo gift card worth [^:]+: ([A-Z0-9-]+)/.exec(output)?.[1];
      expect(giftCard(a.server.output())).toMatch(/^[A-Z0-9-]{10,}$/);
      expect(giftCard(a.server.output())).not.toBe(giftCard(b.server.output()));
    },
    START_TIMEOUT_MS,
  );

  it(
    'seeds its own demo catalog in a store currency other than the demo store’s',
    async () => {
      const { server } = await freshStart('euro store', { STORE_CURRENCY: 'EUR' });
      expect(server.output()).not.toContain('Started from the demo catalog the build seeded');
      // Logged as the seed commits, which is also when /readyz turns ready: the line may arrive a moment later.
      await expect.poll(() => server.output()).toContain('Seeded the demo catalog');
      const listed = await listProducts(server);
      expect(listed.total).toBeGreaterThanOrEqual(40);
      expect(new Set(listed.products.map((product) => product.price.currency))).toEqual(new Set(['EUR']));
    },
    START_TIMEOUT_MS,
  );
});
