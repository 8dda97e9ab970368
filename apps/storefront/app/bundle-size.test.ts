import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script of the repository, without type declarations
import * as sizeReport from '../../../scripts/size-report.mjs';

interface Manifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}
interface PageSize {
  name: string;
  total: number;
  adminChunks: string[];
  files: { url: string; gzip: number }[];
}
const { BUDGET_BYTES, loadManifest, measurePages, PAGES, pageScripts, STOREFRONT_BUILD } = sizeReport as {
  BUDGET_BYTES: number;
  loadManifest: () => Promise<Manifest>;
  measurePages: () => Promise<PageSize[]>;
  PAGES: { name: string }[];
  pageScripts: (manifest: Manifest, routeId: string) => string[];
  STOREFRONT_BUILD: string;
};

// Runs on the storefront as built (`npm run build`): the same report `npm run size` prints.
describe('JavaScript per storefront page (npm run size)', () => {
  it('keeps the product page and every other shop page within 90 KB of gzip (issue #23)', async () => {
    for (const page of await measurePages())
      expect(page.total, `${page.name}: ${page.total} bytes`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('counts the manifest, the entry, every route of the match and their imports, each chunk once', async () => {
    const manifest = await loadManifest();
    const files = pageScripts(manifest, 'routes/shop/product');
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain(manifest.url);
    expect(files).toContain(manifest.entry.module);
    for (const id of ['root', 'routes/shop/layout', 'routes/shop/product'])
      expect(files).toContain(manifest.routes[id]?.module);
    const pages = await measurePages();
    expect(pages.map((page) => page.name)).toEqual(PAGES.map((page) => page.name));
    for (const page of pages) expect(page.total).toBe(page.files.reduce((sum, file) => sum + file.gzip, 0));
  });

  it('keeps admin pages and the address libraries out of every shop page', async () => {
    const markers = [
      ['country-region-data', 'Badakhshan'],
      ['@fragaria/address-formatter', 'house_number}}}'],
      ['postcode-validator', '([0-9]{5})(?:-([0-9]{4}))?$'],
    ];
    for (const page of await measurePages()) {
      expect(page.adminChunks, page.name).toEqual([]);
      for (const file of page.files) {
        const code = readFileSync(path.join(STOREFRONT_BUILD, 'client', file.url), 'utf8');
        for (const [library, marker] of markers)
          expect(code.includes(marker as string), `${library} in ${file.url} (${page.name})`).toBe(false);
      }
    }
  });
});
