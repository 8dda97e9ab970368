import { imageSrc, imageSrcSet } from '../lib/media';
import type { MediaImage } from '../lib/types';

interface ResponsiveImageProps {
  image: MediaImage;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  alt?: string;
  /** Above the fold (LCP): load at once instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** An image from the media endpoint at the widths of spec §9, so phones download small files. */
export function ResponsiveImage({ image, sizes, alt, priority = false, className }: ResponsiveImageProps) {
  const width = image.width ?? 1200;
  const height = image.height ?? width;
  return (
    <img
      src={imageSrc(image.url, Math.min(640, width))}
      srcSet={imageSrcSet(image.url, width)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt ?? image.altText ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={className}
    />
  );
}
