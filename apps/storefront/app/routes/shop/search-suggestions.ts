import { data } from 'react-router';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/search-suggestions';

// What the header's search suggests as one types: a few products (the catalog's typo-tolerant search)
// and the collections whose name has the words. Bounded (query length, result counts) and the same for
// every shopper, so browsers and caches keep it a minute and the catalog is read once per query.

const MAX_QUERY = 100;
const MAX_PRODUCTS = 6;
const MAX_COLLECTIONS = 4;
const CACHE = 'public, max-age=60, stale-while-revalidate=300';

export interface Suggestions {
  q: string;
  products: { name: string; slug: string }[];
  collections: { name: string; slug: string }[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const headers = { 'Cache-Control': CACHE };
  if (q.length < 2) return data<Suggestions>({ q, products: [], collections: [] }, { headers });
  // Catalog reads only: the anonymous catalog client, so no visitor is made and no cookie is set.
  const session = await getSession(request, context);
  const words = q.toLowerCase();
  const [found, collections] = await Promise.all([
    session.catalog.products.search({
      search: { expression: q },
      query: { paging: { limit: MAX_PRODUCTS, offset: 0 } },
      facets: [],
    }),
    session.collections(),
  ]);
  return data<Suggestions>(
    {
      q,
      products: found.items.map(({ name, slug }) => ({ name, slug })),
      collections: collections
        .filter((collection) => collection.name.toLowerCase().includes(words))
        .slice(0, MAX_COLLECTIONS)
        .map(({ name, slug }) => ({ name, slug })),
    },
    { headers },
  );
}
