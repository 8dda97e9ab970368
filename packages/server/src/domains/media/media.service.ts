import path from 'node:path';
import { desc, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { type PagingMetadata, pagingMetadata, resolvePaging } from '../../lib/paging.js';
import { type MediaFileType, mediaFiles } from './media.schema.js';
import type { MediaStorage } from './media-storage.adapter.js';
import { loadSharp } from './sharp.adapter.js';

export type MediaFile = typeof mediaFiles.$inferSelect;

/**
 * What the library accepts, by the file's content (its magic bytes, read by `file-type`), never by its
 * name: a `.png` that holds text is refused, a JPEG called `photo.png` is stored as `photo.jpg`. These are
 * the media types a product's gallery takes (catalog MEDIA_TYPES) and digital downloads use.
 */
const ACCEPTED: Record<string, { ext: string; mediaType: MediaFileType; label: string }> = {
  'image/jpeg': { ext: '.jpg', mediaType: 'image', label: 'JPEG' },
  'image/png': { ext: '.png', mediaType: 'image', label: 'PNG' },
  'image/webp': { ext: '.webp', mediaType: 'image', label: 'WebP' },
  'image/avif': { ext: '.avif', mediaType: 'image', label: 'AVIF' },
  'image/gif': { ext: '.gif', mediaType: 'image', label: 'GIF' },
  'video/mp4': { ext: '.mp4', mediaType: 'video', label: 'MP4' },
  'video/webm': { ext: '.webm', mediaType: 'video', label: 'WebM' },
  'video/quicktime': { ext: '.mov', mediaType: 'video', label: 'QuickTime' },
  'audio/mpeg': { ext: '.mp3', mediaType: 'audio', label: 'MP3' },
  'audio/wav': { ext: '.wav', mediaType: 'audio', label: 'WAV' },
  'audio/ogg': { ext: '.ogg', mediaType: 'audio', label: 'Ogg' },
  'audio/mp4': { ext: '.m4a', mediaType: 'audio', label: 'M4A' },
  'application/pdf': { ext: '.pdf', mediaType: 'document', label: 'PDF' },
  'application/epub+zip': { ext: '.epub', mediaType: 'document', label: 'EPUB' },
  'application/zip': { ext: '.zip', mediaType: 'zip', label: 'ZIP' },
};
/** Other names `file-type` gives the same formats. */
const ALIASES: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'video/x-m4v': 'video/mp4',
  'audio/opus': 'audio/ogg',
};

/** The formats accepted for a kind of media, in words: "JPEG, PNG, WebP, AVIF or GIF". */
export function acceptedFormats(mediaType?: MediaFileType): string {
  const labels = Object.values(ACCEPTED)
    .filter((kind) => !mediaType || kind.mediaType === mediaType)
    .map((kind) => kind.label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/** Every MIME type the library accepts (for an upload form's `accept`). */
export const ACCEPTED_MIME_TYPES = Object.keys(ACCEPTED);

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
  /** Only this kind is wanted (e.g. a product image): anything else is refused, naming what it is. */
  mediaType?: MediaFileType;
  id?: string;
  /**
   * An image's size when the caller made the image itself (the demo seed's own renders): saves loading
   * sharp to read it back. Uploads never set it; their size is always read from the bytes.
   */
  dimensions?: { width: number; height: number };
}

/** The accepted kind of file the bytes are, or undefined (with what they are, when that is known). */
async function detect(data: Buffer): Promise<{ mimeType: string; kind?: (typeof ACCEPTED)[string] }> {
  const found = await fileTypeFromBuffer(data);
  if (!found) return { mimeType: 'unknown' };
  const mimeType = ALIASES[found.mime] ?? found.mime;
  const kind = ACCEPTED[mimeType];
  return kind ? { mimeType, kind } : { mimeType };
}

/** "a PDF document, not an image", "not a file type the media library accepts" */
function describe(mimeType: string, kind: (typeof ACCEPTED)[string] | undefined, wanted?: MediaFileType) {
  if (!kind) {
    return mimeType === 'unknown'
      ? 'not a file type the media library accepts'
      : `${mimeType}, a file type the media library does not accept`;
  }
  const noun = { image: 'image', video: 'video', audio: 'audio file', document: 'document', zip: 'archive' };
  const article = (word: string) => (/^[aeiouAEIOU]/.test(word) ? 'an' : 'a');
  const wantedNoun = wanted ? noun[wanted] : undefined;
  return `${article(kind.label)} ${kind.label} ${noun[kind.mediaType]}${wantedNoun ? `, not ${article(wantedNoun)} ${wantedNoun}` : ''}`;
}

/**
 * Stores an upload: finds its type from its content (a file that claims to be a PNG but is not one is
 * refused; so is any type the library does not take), decodes images to check them and read their
 * size, then writes the bytes and the library row. The stored name ends in the real type's extension.
 */
export async function saveMediaFile(
  db: DbOrTx,
  storage: MediaStorage,
  input: NewMediaFile,
): Promise<MediaFile> {
  if (input.data.length === 0) throw invalidField('file', 'MIN_SIZE', 'is empty; choose a file with content');
  const wanted = input.mediaType;
  const allowed = acceptedFormats(wanted);
  const { mimeType, kind } = await detect(input.data);
  if (!kind || (wanted && kind.mediaType !== wanted)) {
    const acceptedTypes = Object.entries(ACCEPTED)
      .filter(([, accepted]) => !wanted || accepted.mediaType === wanted)
      .map(([mime]) => mime);
    throw invalidField(
      'file',
      'INVALID_ENUM_VALUE',
      `is ${describe(mimeType, kind, wanted)} (judged by its content, not its name); upload a ${allowed} file`,
      { acceptedTypes, detectedType: mimeType },
    );
  }
  const named = safeFileName(input.fileName);
  const fileName = `${named.slice(0, named.length - path.extname(named).length)}${kind.ext}`;
  let width: number | null = null;
  let height: number | null = null;
  if (kind.mediaType === 'image' && input.dimensions) {
    ({ width, height } = input.dimensions);
  } else if (kind.mediaType === 'image') {
    try {
      const sharp = await loadSharp();
      const metadata = await sharp(input.data, { animated: false }).metadata();
      width = metadata.autoOrient?.width ?? metadata.width ?? null;
      height = metadata.autoOrient?.height ?? metadata.height ?? null;
    } catch {
      throw invalidField(
        'file',
        'FORMAT',
        `is a damaged ${kind.label} image that cannot be read; export it again and upload a ${acceptedFormats('image')} file`,
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
      mimeType,
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
