// Responsive images from the media endpoint. Its `?w=` accepts only the widths of spec §9 and never
// enlarges, so srcset lists just those up to the image's own width.

const IMAGE_WIDTHS = [64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];

/**
 * Media URLs carry the server's PUBLIC_URL; the storefront is served by that same server, so a path keeps
 * images on whatever origin the page came from (a proxy, a test port, another host name).
 */
export function mediaPath(url: string): string {
  const match = /^https?:\/\/[^/]+(\/media\/.*)$/.exec(url);
  return match?.[1] ?? url;
}

export function imageSrcSet(url: string, intrinsicWidth: number, maxWidth = 2048): string {
  const base = mediaPath(url).split('?')[0];
  const widths = IMAGE_WIDTHS.filter((w) => w <= Math.min(intrinsicWidth, maxWidth));
  return widths.map((w) => `${base}?w=${w} ${w}w`).join(', ');
}

export function imageSrc(url: string, width: number): string {
  return `${mediaPath(url).split('?')[0]}?w=${width}`;
}
