import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STORE_LAYOUT, startFromDemoStore } from './demo-store.js';

// When a first start may begin as a copy of the built demo store (the start itself: test/demo-store-start).
describe('startFromDemoStore', () => {
  let dir: string;
  let template: string;
  let store: { pgliteDir: string; mediaDir: string; currency: string };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'openshelf-demo-store-'));
    template = path.join(dir, 'template');
    mkdirSync(path.join(template, DEMO_STORE_LAYOUT.pglite), { recursive: true });
    writeFileSync(path.join(template, DEMO_STORE_LAYOUT.pglite, 'PG_VERSION'), '17\n');
    mkdirSync(path.join(template, DEMO_STORE_LAYOUT.media, 'originals', 'm1'), { recursive: true });
    writeFileSync(path.join(template, DEMO_STORE_LAYOUT.media, 'originals', 'm1', 'mug.jpg'), 'jpeg bytes');
    writeFileSync(
      path.join(template, DEMO_STORE_LAYOUT.manifest),
      JSON.stringify({ currency: 'USD', products: 43, collections: 7 }),
    );
    // DATA_DIR itself does not exist yet, as `./data` on a fresh checkout.
    store = {
      pgliteDir: path.join(dir, 'data', 'pglite'),
      mediaDir: path.join(dir, 'data', 'media'),
      currency: 'USD',
    };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the media into a fresh store and names the database to copy', () => {
    const start = startFromDemoStore(store, template);
    expect(start).toEqual({
      pgliteDir: path.join(template, DEMO_STORE_LAYOUT.pglite),
      manifest: { currency: 'USD', products: 43, collections: 7 },
    });
    expect(readFileSync(path.join(store.mediaDir, 'originals', 'm1', 'mug.jpg'), 'utf8')).toBe('jpeg bytes');
  });

  it('leaves a store alone that has a database or media already', () => {
    mkdirSync(store.pgliteDir, { recursive: true });
    writeFileSync(path.join(store.pgliteDir, 'PG_VERSION'), '17\n');
    expect(startFromDemoStore(store, template)).toBeUndefined();
    expect(existsSync(store.mediaDir)).toBe(false);

    rmSync(store.pgliteDir, { recursive: true });
    mkdirSync(store.mediaDir, { recursive: true });
    expect(startFromDemoStore(store, template)).toBeUndefined();
    expect(existsSync(path.join(store.mediaDir, 'originals'))).toBe(false);
  });

  it('is not used in another currency, nor when the build did not finish it', () => {
    expect(startFromDemoStore({ ...store, currency: 'EUR' }, template)).toBeUndefined();
    rmSync(path.join(template, DEMO_STORE_LAYOUT.manifest));
    expect(startFromDemoStore(store, template)).toBeUndefined();
    expect(existsSync(store.mediaDir)).toBe(false);
  });
});
