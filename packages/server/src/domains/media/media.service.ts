import path from 'node:path';
import { desc, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { type PagingMetadata, pagingMetadata, resolvePaging } from '../../lib/paging.js';
import { type MediaFileType, mediaFiles } from './media.schema.js';
import type { MediaStorage } from './storage.js';

export type MediaFile = typeof mediaFiles.$inferSelect;

/** File types the library accepts, by extension: what they are and how they are served. */
const ACCEPTED: Record<string, { mimeType: string; mediaType: MediaFileType }> = {
  '.jpg': { mimeType: 'image/jpeg', mediaType: 'image' },
  '.jpeg': { mimeType: 'image/jpeg', mediaType: 'image' },
  '.png': { mimeType: 'image/png', mediaType: 'image' },
  '.webp': { mimeType: 'image/webp', mediaType: 'image' },
  '.avif': { mimeType: 'image/avif', mediaType: 'image' },
  '.gif': { mimeType: 'image/gif', mediaType: 'image' },
  '.mp4': { mimeType: 'video/mp4', mediaType: 'video' },
  '.webm': { mimeType: 'video/webm', mediaType: 'video' },
  '.mov': { mimeType: 'video/quicktime', mediaType: 'video' },
  '.mp3': { mimeType: 'audio/mpeg', mediaType: 'audio' },
  '.wav': { mimeType: 'audio/wav', mediaType: 'audio' },
  '.ogg': { mimeType: 'audio/ogg', mediaType: 'audio' },
  '.m4a': { mimeType: 'audio/mp4', mediaType: 'audio' },
  '.pdf': { mimeType: 'application/pdf', mediaType: 'document' },
  '.txt': { mimeType: 'text/plain; charset=utf-8', mediaType: 'document' },
  '.epub': { mimeType: 'application/epub+zip', mediaType: 'document' },
  '.zip': { mimeType: 'application/zip', mediaType: 'zip' },
};
export const ACCEPTED_EXTENSIONS = Object.keys(ACCEPTED);

/** A file name safe in a URL path and on any disk: ASCII letters, digits, `.`, `_`, `-`. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const ext = path.extname(base).toLowerCase();
  const stem = base
    .slice(0, base.length - ext.length)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'file'}${ext}`;
}

export interface NewMediaFile {
  fileName: string;
  data: Buffer;
  /** Private files (digital products' downloads) are stored but never served under /media. */
  visibility?: 'public' | 'private';
  id?: string;
}

/**
 * Stores an upload: checks its type by extension and, for images, by decoding it (a file that claims
 * to be a PNG but is not one is refused), then writes the bytes and the library row.
 */
export async function saveMediaFile(
  db: DbOrTx,
  storage: MediaStorage,
  input: NewMediaFile,
): Promise<MediaFile> {
  const fileName = safeFileName(input.fileName);
  const kind = ACCEPTED[path.extname(fileName)];
  if (!kind) {
    throw invalidField(
      'file',
      'INVALID_ENUM_VALUE',
      `has a file type the media library does not accept; use one of: ${ACCEPTED_EXTENSIONS.join(' ')}`,
    );
  }
  if (input.data.length === 0) throw invalidField('file', 'MIN_SIZE', 'is empty');
  let width: number | null = null;
  let height: number | null = null;
  if (kind.mediaType === 'image') {
    try {
      const metadata = await sharp(input.data, { animated: false }).metadata();
      width = metadata.autoOrient?.width ?? metadata.width ?? null;
      height = metadata.autoOrient?.height ?? metadata.height ?? null;
    } catch {
      throw invalidField(
        'file',
        'FORMAT',
        'is not a readable image; upload a JPEG, PNG, WebP, AVIF or GIF file',
      );
    }
  }
  const id = input.id ?? uuidv7();
  const storageKey = `originals/${id}/${fileName}`;
  await storage.put(storageKey, input.data);
  const [row] = await db
    .insert(mediaFiles)
    .values({
      id,
      fileName,
      mimeType: kind.mimeType,
      mediaType: kind.mediaType,
      sizeBytes: input.data.length,
      width,
      height,
      storageKey,
      visibility: input.visibility ?? 'public',
    })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'Media file was not stored');
  return row;
}

export async function getMediaFiles(db: DbOrTx, ids: readonly string[]): Promise<MediaFile[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mediaFiles)
    .where(inArray(mediaFiles.id, [...ids]));
}

export async function getMediaFile(db: DbOrTx, id: string): Promise<MediaFile> {
  const [file] = await getMediaFiles(db, [id]);
  if (!file) throw notFound('MediaFile', id);
  return file;
}

export async function listMediaFiles(
  db: DbOrTx,
  paging: { limit?: number; offset?: number },
): Promise<{ files: MediaFile[]; metadata: PagingMetadata }> {
  const page = resolvePaging(paging);
  const files = await db
    .select()
    .from(mediaFiles)
    .orderBy(desc(mediaFiles.createdDate), desc(mediaFiles.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(mediaFiles);
  return { files, metadata: pagingMetadata(files.length, page, Number(count?.total ?? 0)) };
}

/** Removes the file and its resized copies. Products keep their item (the URL then answers 404). */
export async function deleteMediaFile(db: DbOrTx, storage: MediaStorage, id: string): Promise<void> {
  const [row] = await db
    .delete(mediaFiles)
    .where(inArray(mediaFiles.id, [id]))
    .returning();
  if (!row) throw notFound('MediaFile', id);
  await storage.delete(`originals/${id}`);
  await storage.delete(`cache/${id}`);
}

/** The public path of a library file (absolute URLs are made at the HTTP edge). */
export function mediaPath(file: Pick<MediaFile, 'id' | 'fileName'>): string {
  return `/media/${file.id}/${encodeURIComponent(file.fileName)}`;
}
