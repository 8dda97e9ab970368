// Catalog reads for the shop pages. Always anonymous (session.catalog): browsing never mints a visitor,
// so these pages stay cacheable and cost no token work. Results are trimmed to what the pages show,
// because loader data travels to the browser.

import type {
  Collection as CollectionEntity,
  OpenshelfClient,
  Product as ProductEntity,
} from '@openshelf/sdk';
import { SORTS, type SortKey } from './sorts';
import type { Collection, Facets, ListingQuery, Product } from './types';

export { SORTS, type SortKey } from './sorts';

export const PAGE_SIZE = 12;

const SORT_WIRE: Record<SortKey, { fieldName: string; order: 'ASC' | 'DESC' }[] | undefined> = {
  relevance: undefined,
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  'price-asc': [{ fieldName: 'price', order: 'ASC' }],
  'price-desc': [{ fieldName: 'price', order: 'DESC' }],
  name: [{ fieldName: 'name', order: 'ASC' }],
};

export function parseListingQuery(url: URL): ListingQuery {
  const p = url.searchParams;
  const sort = SORTS.some((s) => s.key === p.get('sort')) ? (p.get('sort') as SortKey) : 'relevance';
  const page = Math.max(1, Math.min(500, Number.parseInt(p.get('page') ?? '1', 10) || 1));
  const priceMatch = /^(\d+)-(\d*)$/.exec(p.get('price') ?? '');
  return {
    q: (p.get('q') ?? '').trim().slice(0, 200),
    brands: p.getAll('brand').filter(Boolean).slice(0, 20),
    ...(priceMatch
      ? {
          price: {
            from: Number(priceMatch[1]),
            ...(priceMatch[2] ? { to: Number(priceMatch[2]) } : {}),
          },
        }
      : {}),
    inStockOnly: p.get('stock') === 'in',
    sort,
    page,
  };
}

export interface ProductListing {
  products: Product[];
  total: number;
  facets: Facets;
  pages: number;
}

export async function searchProducts(
  catalog: OpenshelfClient,
  query: ListingQuery,
  scope: { collectionId?: string } = {},
): Promise<ProductListing> {
  // Brands are OR'ed within the facet and AND'ed with the other filters.
  const others: Record<string, unknown>[] = [];
  if (scope.collectionId) others.push({ collectionIds: { $hasSome: [scope.collectionId] } });
  if (query.price) {
    others.push({
      price: { $gte: query.price.from, ...(query.price.to ? { $lt: query.price.to } : {}) },
    });
  }
  if (query.inStockOnly) others.push({ inStock: true });
  const conditions = query.brands.length > 0 ? [...others, { brand: { $in: query.brands } }] : others;
  const search = query.q ? { search: { expression: query.q } } : {};
  const filterOf = (all: Record<string, unknown>[]) => (all.length > 0 ? { filter: { $and: all } } : {});
  const sort = SORT_WIRE[query.sort] ?? (query.q ? undefined : [{ fieldName: 'numericId', order: 'ASC' }]);
  const [reply, brandChoices] = await Promise.all([
    catalog.products.search({
      ...search,
      query: {
        ...filterOf(conditions),
        ...(sort ? { sort } : {}),
        paging: { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
      },
      facets: ['brands', 'prices', 'collections'],
    }),
    // The brands to choose from ignore the brand filter itself (else choosing one hides the others): the
    // counts say how many products each brand adds under the other filters.
    query.brands.length > 0
      ? catalog.products.search({
          ...search,
          query: { ...filterOf(others), paging: { limit: 1, offset: 0 } },
          facets: ['brands'],
        })
      : undefined,
  ]);
  const brands = brandChoices?.facets.brands ?? reply.facets.brands ?? [];
  // A chosen brand stays listed (to be unticked) even when the other filters leave none of it.
  const chosenMissing = query.brands
    .filter((brand) => !brands.some((b) => b.value === brand))
    .map((value) => ({ value, count: 0 }));
  const total = reply.totalCount ?? reply.metadata.count ?? 0;
  return {
    products: reply.items.map(toCard),
    total,
    facets: {
      brands: [...brands, ...chosenMissing],
      prices: reply.facets.prices ?? [],
      collections: reply.facets.collections ?? [],
      options: [],
    },
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

export async function listCollections(catalog: OpenshelfClient): Promise<Collection[]> {
  const page = await catalog.collections.query().limit(50).find();
  return page.items.map(toCollection);
}

export async function getCollectionBySlug(
  catalog: OpenshelfClient,
  slug: string,
): Promise<Collection | undefined> {
  const collection = await catalog.collections.getBySlug(slug);
  return collection ? toCollection(collection) : undefined;
}

export async function getProductBySlug(catalog: OpenshelfClient, slug: string): Promise<Product | undefined> {
  const product = await catalog.products.getBySlug(slug);
  return product ? toDetail(product) : undefined;
}

export async function listProducts(catalog: OpenshelfClient, limit: number): Promise<Product[]> {
  const page = await catalog.products.query({ includeVariants: false }).limit(limit).find();
  return page.items.map(toCard);
}

/** Up to `limit` other products of the collection, for "more from this collection" on a product page. */
export async function relatedProducts(
  catalog: OpenshelfClient,
  collectionId: string,
  productId: string,
  limit = 4,
): Promise<Product[]> {
  const page = await catalog.products
    .query({ includeVariants: false })
    .hasSome('collectionIds', [collectionId])
    .limit(limit + 1)
    .find();
  return page.items
    .filter((p) => p.id !== productId)
    .slice(0, limit)
    .map(toCard);
}

/** Product cards need a fraction of the product: trimmed so list pages ship little loader data. */
function toCard(p: ProductEntity): Product {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    productType: p.productType,
    ...(p.brand ? { brand: p.brand } : {}),
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    priceData: p.priceData,
    ...(p.priceRange ? { priceRange: p.priceRange } : {}),
    stock: p.stock,
    media: { ...(p.media.mainMedia ? { mainMedia: p.media.mainMedia } : {}), items: [] },
    productOptions: [],
    manageVariants: p.manageVariants,
  };
}

function toDetail(p: ProductEntity): Product {
  return {
    ...toCard(p),
    ...(p.description ? { description: p.description } : {}),
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.discount ? { discount: p.discount } : {}),
    ...(p.pricePerUnitData ? { pricePerUnitData: p.pricePerUnitData } : {}),
    media: {
      ...(p.media.mainMedia ? { mainMedia: p.media.mainMedia } : {}),
      items: p.media.items.map((item) => ({
        id: item.id,
        mediaType: item.mediaType,
        ...(item.image ? { image: item.image } : {}),
      })),
    },
    productOptions: p.productOptions.map((option) => ({
      optionType: option.optionType,
      name: option.name,
      choices: option.choices.map(({ value, description, inStock, visible, media }) => ({
        value,
        description,
        inStock,
        visible,
        // The picture of this choice (e.g. the navy tee), so the gallery can show it when chosen.
        ...(media?.mainMedia?.id ? { mediaId: media.mainMedia.id } : {}),
      })),
    })),
    ...(p.variants
      ? {
          variants: p.variants.map((v) => ({
            id: v.id,
            choices: v.choices,
            variant: { priceData: v.variant.priceData, visible: v.variant.visible },
            stock: v.stock,
          })),
        }
      : {}),
    ...(p.subscriptionOptions ? { subscriptionOptions: p.subscriptionOptions } : {}),
    collectionIds: p.collectionIds,
  };
}

function toCollection(c: CollectionEntity): Collection {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    ...(c.description ? { description: c.description } : {}),
    ...(c.numberOfProducts !== undefined ? { numberOfProducts: c.numberOfProducts } : {}),
    ...(c.media?.mainMedia ? { media: { mainMedia: c.media.mainMedia } } : {}),
  };
}
