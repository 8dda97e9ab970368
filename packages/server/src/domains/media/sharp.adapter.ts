import type sharp from 'sharp';

/**
 * sharp (libvips) costs ~0.4 s and ~25 MB to load: it is loaded on the first image that needs reading or
 * resizing, not at start (ADR 038). Node keeps the module once loaded, so later calls cost nothing.
 */
export async function loadSharp(): Promise<typeof sharp> {
  return (await import('sharp')).default;
}
