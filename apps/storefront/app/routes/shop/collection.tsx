import { data } from 'react-router';
import { Listing } from '../../components/Listing';
import { getCollectionBySlug, parseListingQuery, searchProducts } from '../../lib/catalog.server';
import { storefrontContext } from '../../lib/context';
import { absoluteUrl, seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/collection';
import { NotFoundContent } from './not-found';

export function meta({ data }: Route.MetaArgs) {
  if (!data?.collection) return seo({ title: 'Collection not found', noindex: true });
  return seo({
    title: `${data.collection.name} · ${data.storeName}`,
    description: data.collection.description,
    url: data.canonical,
    image: data.collection.media?.mainMedia?.image?.url,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { storeName, publicUrl } = context.get(storefrontContext);
  const { catalog } = await getSession(request, context);
  const collection = await getCollectionBySlug(catalog, params.slug);
  if (!collection) return data({ collection: undefined, storeName } as const, { status: 404 });
  const query = parseListingQuery(new URL(request.url));
  const listing = await searchProducts(catalog, query, { collectionId: collection.id });
  return {
    storeName,
    collection,
    query,
    ...listing,
    // Filters and pages are views of one collection: search engines index the plain collection URL.
    canonical: absoluteUrl(publicUrl, `/collections/${collection.slug}`),
  };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.collection) return <NotFoundContent what="collection" />;
  const { collection } = loaderData;
  return (
    <div className="container page">
      <header className="page-head">
        <h1>{collection.name}</h1>
        {collection.description ? <p className="lead">{collection.description}</p> : null}
      </header>
      <Listing
        query={loaderData.query}
        products={loaderData.products}
        total={loaderData.total}
        pages={loaderData.pages}
        facets={loaderData.facets}
      />
    </div>
  );
}
