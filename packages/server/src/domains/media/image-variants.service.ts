import { invalidField } from '../../lib/http/errors.js';
import type { MediaFile } from './media.service.js';
import type { MediaStorage } from './media-storage.adapter.js';
import { loadSharp } from './sharp.adapter.js';

/** Spec §9: the device widths and the small (icon/thumbnail) widths images are served at. */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const SMALL_IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
const ALLOWED_WIDTHS = new Set<number>([...SMALL_IMAGE_WIDTHS, ...IMAGE_WIDTHS]);

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';
const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export function parseWidth(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const width = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!ALLOWED_WIDTHS.has(width)) {
    throw invalidField('w', 'INVALID_ENUM_VALUE', `must be one of: ${[...ALLOWED_WIDTHS].join(', ')}`, {
      allowedValues: [...ALLOWED_WIDTHS],
    });
  }
  return width;
}

/** AVIF if the client takes it, then WebP, else the original's own family (PNG keeps transparency). */
export function pickFormat(accept: string | undefined, original: MediaFile): ImageFormat {
  const header = (accept ?? '').toLowerCase();
  if (header.includes('image/avif')) return 'avif';
  if (header.includes('image/webp')) return 'webp';
  return original.mimeType === 'image/png' || original.mimeType === 'image/gif' ? 'png' : 'jpeg';
}

export function contentTypeOf(format: ImageFormat): string {
  return CONTENT_TYPES[format];
}

/** Renders under way, by rendition: one per app (its media routes hold it), beside its storage. */
export type RendersInFlight = Map<string, Promise<Buffer | undefined>>;

/**
 * The image at `width` in `format`, rendered once and then read from the storage cache. Never enlarged
 * (a 800 px original asked for at 1920 is served at 800). Concurrent requests for the same rendition
 * share one render.
 */
export async function resizedImage(
  storage: MediaStorage,
  inFlight: RendersInFlight,
  file: MediaFile,
  width: number,
  format: ImageFormat,
): Promise<Buffer | undefined> {
  const cacheKey = `cache/${file.id}/${width}.${format}`;
  const cached = await storage.get(cacheKey);
  if (cached) return cached;
  const running = inFlight.get(cacheKey);
  if (running) return running;
  const render = (async () => {
    const original = await storage.get(file.storageKey);
    if (!original) return undefined;
    const sharp = await loadSharp();
    let pipeline = sharp(original).autoOrient().resize({ width, withoutEnlargement: true });
    if (format === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 2 });
    else if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
    else if (format === 'png') pipeline = pipeline.png({ compressionLevel: 8 });
    else pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
    const output = await pipeline.toBuffer();
    await storage.put(cacheKey, output);
    return output;
  })();
  inFlight.set(cacheKey, render);
  try {
    return await render;
  } finally {
    inFlight.delete(cacheKey);
  }
}
