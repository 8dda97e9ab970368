import { Link } from 'react-router';
import { ProductGrid } from '../../components/ProductCard';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { listProducts } from '../../lib/catalog.server';
import { storefrontContext } from '../../lib/context';
import { absoluteUrl, seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/home';

export function meta({ data }: Route.MetaArgs) {
  const storeName = data?.storeName ?? 'Store';
  return seo({
    title: storeName,
    description: `${storeName}: thoughtfully made goods for the home, the kitchen and the wardrobe. Shop online with fast, secure checkout.`,
    url: data?.canonical,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeName, publicUrl } = context.get(storefrontContext);
  const session = await getSession(request, context);
  const [collections, products] = await Promise.all([
    session.collections(),
    listProducts(session.catalog, 8),
  ]);
  return {
    storeName,
    canonical: absoluteUrl(publicUrl, '/'),
    collections: collections.slice(0, 6),
    products,
  };
}

/** The home page: a short welcome, then products (first on a phone's screen), then the collections. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { storeName, collections, products } = loaderData;
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Welcome to</p>
          <h1>{storeName}</h1>
          <p className="lead">
            Thoughtfully made goods, a cart that remembers you, and a checkout that takes a minute.
          </p>
          <p className="actions">
            <Link to="/search" className="button">
              Shop everything
            </Link>
            {collections[0] ? (
              <Link to={`/collections/${collections[0].slug}`} className="button button-secondary">
                {collections[0].name}
              </Link>
            ) : null}
          </p>
        </div>
      </section>
      {products.length > 0 ? (
        <section className="container section" aria-labelledby="featured-products">
          <div className="section-head">
            <h2 id="featured-products">Featured products</h2>
            <Link to="/search">View all</Link>
          </div>
          <ProductGrid products={products} priorityCount={2} />
        </section>
      ) : null}
      {collections.length > 0 ? (
        <section className="container section" aria-labelledby="featured-collections">
          <div className="section-head">
            <h2 id="featured-collections">Shop by collection</h2>
          </div>
          <ul className="collection-grid">
            {collections.map((c) => (
              <li key={c.id}>
                <Link to={`/collections/${c.slug}`} className="collection-card">
                  {c.media?.mainMedia?.image ? (
                    <ResponsiveImage
                      image={c.media.mainMedia.image}
                      sizes="(min-width: 1100px) 370px, (min-width: 700px) 45vw, 46vw"
                      alt=""
                    />
                  ) : null}
                  <span className="collection-card-text">
                    <span className="collection-card-name">{c.name}</span>
                    {c.numberOfProducts ? (
                      <span className="collection-card-count">{c.numberOfProducts} products</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
