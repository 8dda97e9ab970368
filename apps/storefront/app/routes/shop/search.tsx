import { Listing } from '../../components/Listing';
import { parseListingQuery, searchProducts } from '../../lib/catalog.server';
import { storefrontContext } from '../../lib/context';
import { absoluteUrl, seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/search';

export function meta({ data }: Route.MetaArgs) {
  const q = data?.query.q;
  return seo({
    title: q ? `“${q}” · Search · ${data?.storeName}` : `All products · ${data?.storeName ?? 'Store'}`,
    description: 'Search the whole catalog; spelling mistakes are forgiven.',
    url: data?.canonical,
    noindex: Boolean(q),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeName, publicUrl } = context.get(storefrontContext);
  const { catalog } = await getSession(request, context);
  const query = parseListingQuery(new URL(request.url));
  const listing = await searchProducts(catalog, query);
  return { storeName, query, ...listing, canonical: absoluteUrl(publicUrl, '/search') };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <div className="container page">
      <header className="page-head">
        <h1>{query.q ? `Results for “${query.q}”` : 'All products'}</h1>
        {query.q && loaderData.total === 0 ? (
          <p className="lead">Nothing matched. Try fewer or different words.</p>
        ) : null}
      </header>
      <Listing
        query={query}
        products={loaderData.products}
        total={loaderData.total}
        pages={loaderData.pages}
        facets={loaderData.facets}
        keepSearch
      />
    </div>
  );
}
