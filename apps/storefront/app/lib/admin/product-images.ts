import type { MediaFile } from '@openshelf/sdk';

/** What the product gallery's file inputs offer (the server decides by content; this only filters the picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
export const IMAGE_FORMATS = 'JPEG, PNG, WebP, AVIF or GIF';

/** An image already in the media library, waiting to be attached to the product being created. */
export interface PendingImage {
  id: string;
  fileName: string;
  thumbnailUrl: string;
  /** What the form sends back: `<id>/<file name>`, the library file's public path. */
  token: string;
}

// Library ids are UUIDs and stored names are safe ASCII (media.service.ts safeFileName).
const TOKEN = /^([0-9a-f-]{36})\/([A-Za-z0-9_.-]{1,100})$/;

function pending(id: string, fileName: string): PendingImage {
  return {
    id,
    fileName,
    thumbnailUrl: `/media/${id}/${encodeURIComponent(fileName)}?w=256`,
    token: `${id}/${fileName}`,
  };
}

export function pendingFromFile(file: Pick<MediaFile, 'id' | 'fileName'>): PendingImage {
  return pending(file.id, file.fileName);
}

/** The pending images a form sent back; anything not shaped like one is ignored. */
export function pendingFromForm(values: readonly FormDataEntryValue[]): PendingImage[] {
  return values.flatMap((value) => {
    const match = typeof value === 'string' ? TOKEN.exec(value) : null;
    return match?.[1] && match[2] ? [pending(match[1], match[2])] : [];
  });
}
