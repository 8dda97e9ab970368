import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { currencyExponent } from '../../../lib/money.js';
import type { FilterFields } from '../../../lib/query-fields.js';
import { compileFilter } from '../../../lib/query-filter.js';
import { compileSort, type SortEntry, sortTerm } from '../../../lib/query-sort.js';
import { productListings } from '../products.schema.js';

/*
 * Collection pages from the listing read model (ADR 023). A shopper's category page — one or more
 * collections, optionally a price band and "in stock only", in the default order, by price, by name or
 * newest first — is answered from product_listings' indexes: the page's ids in order and the capped
 * count, without visiting products or variants. Any other filter or sort is not a collection page and runs on products as before; both
 * give the same rows in the same order (listing-plan.test.ts compares them).
 */

/** Filter fields the read model holds, by the names the product query uses. */
const PRICE_FIELDS = ['price', 'discountedPrice', 'priceData.discountedPrice'] as const;
const STOCK_FIELDS = ['inStock', 'stock.inStock'] as const;
const COVERED = new Set<string>(['collectionIds', 'numericId', ...PRICE_FIELDS, ...STOCK_FIELDS]);
/** Sorts the listing's indexes keep in order (none given: numericId, as on products). */
const SORTABLE = new Set<string>(['numericId', 'name', 'createdDate', ...PRICE_FIELDS]);
const DEFAULT_SORT = [sql`${productListings.numericId} ASC`];

const fieldsCache = new Map<string, FilterFields>();
function listingFields(currency: string): FilterFields {
  let fields = fieldsCache.get(currency);
  if (!fields) {
    const price = {
      kind: 'decimal' as const,
      scale: currencyExponent(currency),
      expr: productListings.priceMinor,
      sort: productListings.priceMinor,
    };
    const inStock = { kind: 'boolean' as const, expr: productListings.inStock };
    fields = {
      numericId: { kind: 'int64', expr: productListings.numericId, sort: productListings.numericId },
      // Sort keys only: filters on them are not collection pages (COVERED leaves them out).
      name: { kind: 'string', expr: productListings.name, sort: productListings.name },
      createdDate: { kind: 'date', expr: productListings.createdDate, sort: productListings.createdDate },
      ...Object.fromEntries(PRICE_FIELDS.map((name) => [name, price])),
      ...Object.fromEntries(STOCK_FIELDS.map((name) => [name, inStock])),
    };
    fieldsCache.set(currency, fields);
  }
  return fields;
}

/** Deeper `$and` nesting than the filter compiler allows is not planned from the listing index. */
const MAX_CONJUNCTION_DEPTH = 8;

export interface ListingPage {
  /** The page's product ids, in the query's order (a parenthesized subquery). */
  pageIds: (paging: { limit: number; offset: number }) => SQL;
  /** How many products match, counting no further than `cap` + 1. */
  count: (cap: number) => SQL;
}

/**
 * Field terms of a filter that is only a conjunction (fields and $and), or undefined. The filter was
 * compiled first (its nesting is bounded there); the depth bound keeps this walk finite on its own.
 */
function conjunction(filter: unknown, depth = 0): [string, unknown][] | undefined {
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) return undefined;
  if (depth > MAX_CONJUNCTION_DEPTH) return undefined;
  const terms: [string, unknown][] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) {
        const inner = conjunction(part, depth + 1);
        if (!inner) return undefined;
        terms.push(...inner);
      }
    } else if (COVERED.has(key)) terms.push([key, value]);
    else return undefined;
  }
  return terms;
}

/** The collection ids of a `{"$hasSome": [...]}` term, or undefined for any other form. */
function collectionsOf(value: unknown): string[] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length !== 1 || entries[0]?.[0] !== '$hasSome') return undefined;
  const ids = entries[0][1];
  return Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string') ? ids : undefined;
}

/** The field names a (validated) sort orders by; none for the default order. */
function sortFieldNames(sort: unknown): (string | undefined)[] {
  if (sort === undefined || sort === null) return [];
  return (Array.isArray(sort) ? sort : [sort]).map((entry) => sortTerm(entry as SortEntry).name);
}

/**
 * The listing plan for an already-validated product query, when it is a collection page in the
 * default order (numericId), by price, by name or by creation date; undefined otherwise (the caller
 * queries products).
 */
export function collectionPage(input: {
  filter?: unknown;
  sort?: unknown;
  includeHidden: boolean;
  currency: string;
}): ListingPage | undefined {
  const terms = conjunction(input.filter);
  const sorts = sortFieldNames(input.sort);
  if (!terms || !sorts.every((name) => name !== undefined && SORTABLE.has(name))) return undefined;
  const collectionTerms = terms.filter(([name]) => name === 'collectionIds');
  const collections = collectionTerms.length === 1 ? collectionsOf(collectionTerms[0]?.[1]) : undefined;
  if (!collections) return undefined;
  const fields = listingFields(input.currency);
  const rest = terms.filter(([name]) => name !== 'collectionIds').map(([name, value]) => ({ [name]: value }));
  const where = and(
    collections.length === 1
      ? eq(productListings.collectionId, collections[0] as string)
      : inArray(productListings.collectionId, collections),
    input.includeHidden ? undefined : eq(productListings.visible, true),
    rest.length > 0 ? compileFilter({ $and: rest }, fields) : undefined,
  );
  const orderBy = compileSort(input.sort, fields, productListings.productId, { defaultSort: DEFAULT_SORT });
  // A product in two of the asked collections has two listing rows (with the same sort keys): grouped, it
  // counts once. One collection needs no grouping, and its page streams from the index in order.
  const grouped =
    collections.length === 1
      ? sql``
      : sql` GROUP BY ${productListings.productId}, ${productListings.priceMinor}, ${productListings.numericId}, ${productListings.name}, ${productListings.createdDate}`;
  const matching = sql`FROM ${productListings} WHERE ${where}${grouped}`;
  return {
    pageIds: ({ limit, offset }) =>
      sql`(SELECT ${productListings.productId} ${matching} ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT ${limit} OFFSET ${offset})`,
    count: (cap) => sql`(SELECT count(*)::int FROM (SELECT 1 ${matching} LIMIT ${cap + 1}) AS capped)`,
  };
}
