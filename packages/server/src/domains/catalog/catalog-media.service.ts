import path from 'node:path';
import type { DbOrTx } from '../../db/client.js';
import type { Violations } from '../../lib/http/violations.js';
import { uuidv7 } from '../../lib/ids.js';
import { getMediaFiles, mediaPath } from '../media/index.js';
import type { CatalogMediaItem, MediaType } from './catalog.types.js';
import type { MediaRef } from './products/product-input.rules.js';

const TYPE_BY_EXTENSION: Record<string, MediaType> = {
  '.mp4': 'video',
  '.webm': 'video',
  '.mov': 'video',
  '.mp3': 'audio',
  '.wav': 'audio',
  '.ogg': 'audio',
  '.pdf': 'document',
  '.zip': 'zip',
};

/**
 * Turns media references (library ids or external URLs) into the items stored on a product or
 * collection. A library id that does not exist, or a private file, is a violation at `at[i]`.
 */
export async function resolveMediaRefs(
  db: DbOrTx,
  refs: readonly MediaRef[],
  violations: Violations,
  at: string,
): Promise<CatalogMediaItem[]> {
  const ids = refs.flatMap((ref) => (ref.mediaId ? [ref.mediaId] : []));
  const files = new Map((await getMediaFiles(db, ids)).map((file) => [file.id, file]));
  const items: CatalogMediaItem[] = [];
  refs.forEach((ref, index) => {
    const field = `${at}[${index}]`;
    const file = ref.mediaId ? files.get(ref.mediaId) : undefined;
    if (ref.mediaId && (file || !ref.url)) {
      if (file?.visibility !== 'public') {
        violations.add(
          `${field}.mediaId`,
          'VALIDATION',
          'is not a public file of the media library; upload it first',
        );
        return;
      }
      items.push({
        id: file.id,
        mediaType: file.mediaType,
        url: mediaPath(file),
        ...(file.width !== null ? { width: file.width } : {}),
        ...(file.height !== null ? { height: file.height } : {}),
        ...(ref.altText ? { altText: ref.altText } : {}),
        ...(ref.title ? { title: ref.title } : {}),
        format: path.extname(file.fileName).slice(1),
      });
      return;
    }
    if (ref.url && /^https?:\/\/[^\s]+$/i.test(ref.url)) {
      const ext = path.extname(new URL(ref.url).pathname).toLowerCase();
      items.push({
        id: uuidv7(),
        mediaType: TYPE_BY_EXTENSION[ext] ?? 'image',
        url: ref.url,
        ...(ref.altText ? { altText: ref.altText } : {}),
        ...(ref.title ? { title: ref.title } : {}),
        ...(ext ? { format: ext.slice(1) } : {}),
      });
      return;
    }
    violations.add(
      field,
      'REQUIRED_FIELD',
      'needs a mediaId from the media library or an absolute http(s) url',
    );
  });
  return items;
}
