import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaStorage } from '../domains/media/index.js';

/**
 * The browser suites seed the same demo images into every file's fresh data directory, and Chromium asks
 * for them as AVIF: each file encoded the same renditions again (~0.1 s of CPU each, ~40 s over a run).
 * This storage keeps each rendition (`cache/<file id>/<width>.<format>`) also under the hash of its
 * original's bytes in a directory every test process shares, and a later file copies it from there
 * instead of encoding it. The first file to ask still renders it through the real code; the media
 * suites, which test rendering, do not use this. The directory's name carries a hash of the rendering
 * code and of sharp's version, so a change to either starts afresh.
 */
export function sharingRenditions(storage: MediaStorage, mediaRoot: string): MediaStorage {
  const originals = new Map<string, Promise<string | undefined>>();
  const originalHash = (fileId: string) => {
    let hash = originals.get(fileId);
    if (!hash) {
      hash = hashOfOriginal(mediaRoot, fileId);
      originals.set(fileId, hash);
    }
    return hash;
  };
  const sharedPath = async (key: string) => {
    const match = /^cache\/([^/]+)\/([^/]+)$/.exec(key);
    if (!match) return undefined;
    const hash = await originalHash(match[1] as string);
    return hash ? path.join(sharedRoot(), hash, match[2] as string) : undefined;
  };
  return {
    ...bind(storage),
    async get(key) {
      const own = await storage.get(key);
      if (own) return own;
      const shared = await sharedPath(key);
      const bytes = shared ? await readFile(shared).catch(() => undefined) : undefined;
      if (bytes) await storage.put(key, bytes);
      return bytes;
    },
    async put(key, data) {
      await storage.put(key, data);
      const shared = await sharedPath(key);
      if (!shared) return;
      await mkdir(path.dirname(shared), { recursive: true });
      // Renamed into place: a process reading it never sees half a file.
      const partial = `${shared}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(partial, data);
      await rename(partial, shared);
    },
  };
}

function bind(storage: MediaStorage): MediaStorage {
  return {
    put: (key, data) => storage.put(key, data),
    get: (key) => storage.get(key),
    stream: (key) => storage.stream(key),
    delete: (key) => storage.delete(key),
    exists: (key) => storage.exists(key),
  };
}

/** Originals are stored as `originals/<file id>/<name>` (media.service.ts). */
async function hashOfOriginal(mediaRoot: string, fileId: string): Promise<string | undefined> {
  const folder = path.join(mediaRoot, 'originals', fileId);
  const [name] = await readdir(folder).catch(() => []);
  if (!name) return undefined;
  return createHash('sha256')
    .update(await readFile(path.join(folder, name)))
    .digest('hex');
}

let root: string | undefined;

/** The directory every test process shares, named after the rendering code and sharp's version. */
export function sharedRoot(): string {
  if (!root) {
    // The suites run from source, so the renderer is read as it is now.
    const renderer = new URL('../domains/media/image-variants.service.ts', import.meta.url);
    // sharp's exports hide its package.json: read it beside its entry (lib/index.js).
    const sharpEntry = createRequire(import.meta.url).resolve('sharp');
    const sharp = JSON.parse(
      readFileSync(path.join(path.dirname(sharpEntry), '../package.json'), 'utf8'),
    ) as {
      version: string;
    };
    const version = createHash('sha256')
      .update(readFileSync(fileURLToPath(renderer)))
      .update(sharp.version)
      .digest('hex')
      .slice(0, 16);
    root = path.join(tmpdir(), `openshelf-test-renditions-${version}`);
  }
  return root;
}
