import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { randomToken } from '../../lib/ids.js';

/**
 * Where media bytes live. The local-disk implementation is the default; an S3-compatible store
 * implements the same five calls (keys are already URL-safe, `/`-separated object names).
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of the object, or undefined when it does not exist. */
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative, `/`-separated and never climb out of the root. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid media storage key: ${JSON.stringify(key)}`);
  }
}

export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** Written to a temporary name and renamed, so readers never see half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomToken(8)}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | undefined> {
    const file = this.file(key);
    try {
      const info = await stat(file);
      return { body: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true, recursive: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.file(key));
      return true;
    } catch {
      return false;
    }
  }
}

/** Where media bytes live by default: local disk under DATA_DIR/media. */
export function mediaStorageFor(config: Pick<Config, 'mediaDir'>): MediaStorage {
  return new LocalDiskStorage(config.mediaDir);
}
