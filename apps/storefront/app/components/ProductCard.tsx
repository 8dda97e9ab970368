import { Link } from 'react-router';
import type { Product } from '../lib/types';
import { Price } from './Price';
import { ResponsiveImage } from './ResponsiveImage';

const CARD_SIZES = '(min-width: 1100px) 270px, (min-width: 700px) 30vw, 46vw';

export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const image = product.media.mainMedia?.image;
  const soldOut = !product.stock.inStock;
  return (
    <article className="product-card">
      <Link to={`/products/${product.slug}`} className="product-card-link">
        <div className="product-card-media">
          {image ? (
            <ResponsiveImage image={image} sizes={CARD_SIZES} alt="" priority={priority} />
          ) : (
            <div className="image-placeholder" aria-hidden="true" />
          )}
          {product.ribbon ? <span className="ribbon">{product.ribbon}</span> : null}
          {soldOut ? <span className="ribbon ribbon-muted">Sold out</span> : null}
        </div>
        <div className="product-card-body">
          {product.brand ? <p className="product-card-brand">{product.brand}</p> : null}
          <h3 className="product-card-name">{product.name}</h3>
          <Price price={product.priceData} fromRange={product.priceRange} />
        </div>
      </Link>
    </article>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
}: {
  products: Product[];
  priorityCount?: number;
}) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
