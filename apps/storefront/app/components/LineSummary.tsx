import type { LineItem } from '../lib/types';
import { ResponsiveImage } from './ResponsiveImage';

/** A line's picture, name and chosen options; the cart, checkout and thank-you pages share it. */
export function LineSummary({ line }: { line: LineItem }) {
  return (
    <div className="line-summary">
      <div className="line-thumb">
        {line.image ? (
          <ResponsiveImage image={{ ...line.image, width: line.image.width ?? 256 }} sizes="72px" alt="" />
        ) : (
          <div className="image-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="line-text">
        <p className="line-name">
          {line.url ? (
            <a href={line.url.relativePath.replace(/^\/product-page\//, '/products/')}>
              {line.productName.original}
            </a>
          ) : (
            line.productName.original
          )}
        </p>
        {line.descriptionLines.length > 0 ? (
          <p className="line-options">
            {line.descriptionLines
              .map((d) => `${d.name.original}: ${d.colorInfo?.original ?? d.plainText?.original ?? ''}`)
              .join(' · ')}
          </p>
        ) : null}
        {line.subscriptionOptionInfo?.title?.original ? (
          <p className="line-options">Subscription: {line.subscriptionOptionInfo.title.original}</p>
        ) : null}
      </div>
    </div>
  );
}
