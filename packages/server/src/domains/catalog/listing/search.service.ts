import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { currencyExponent } from '../../../lib/money.js';
import {
  type ProductPage,
  productOrderBy,
  productWhere,
  queryProductPage,
} from '../products/product-read.service.js';
import { products } from '../products.schema.js';

/*
 * Storefront search (our extension, not part of the protocol): full text over name (weight A), brand
 * (B) and description (C) with prefix matching, OR a trigram match on the name so typos still find
 * ("blankit" → "Blanket"), ranked by both; plus facet counts over the whole match for filter UIs.
 */

export const FACETS = ['collections', 'brands', 'options', 'prices'] as const;
export type Facet = (typeof FACETS)[number];

/** Price bucket edges in major units; the last bucket is open-ended. */
export const PRICE_EDGES = [0, 10, 25, 50, 100, 250, 500, 1000] as const;
// How alike a name must be to the query's words (pg_trgm word similarity, 0…1) to count as a typo match.
const TYPO_THRESHOLD = 0.45;
const MAX_TERMS = 10;

export interface SearchInput {
  expression?: string;
  filter?: unknown;
  sort?: unknown;
  paging?: { limit?: number; offset?: number };
  facets?: readonly Facet[];
  includeHidden: boolean;
  currency: string;
}

export interface FacetCounts {
  collections?: { id: string; name: string; slug: string; count: number }[];
  brands?: { value: string; count: number }[];
  options?: { name: string; choices: { value: string; count: number }[] }[];
  prices?: { fromMinor: number; toMinor?: number; count: number }[];
}

export interface SearchResult extends ProductPage {
  facets: FacetCounts;
}

/** The words of a query as a prefix tsquery (`blue:* & mug:*`); letters and digits only, so always valid. */
export function toPrefixQuery(expression: string): string | undefined {
  const terms = (expression.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  return terms.length > 0 ? terms.map((term) => `${term}:*`).join(' & ') : undefined;
}

export async function searchProducts(db: DbOrTx, input: SearchInput): Promise<SearchResult> {
  const text = input.expression?.trim() ?? '';
  const tsquery = toPrefixQuery(text);
  const base = productWhere(input);
  const match = tsquery
    ? sql`(${products.searchVector} @@ to_tsquery('simple', ${tsquery}) OR ${text} <% ${products.name})`
    : undefined;
  const where = and(base, match) ?? base;
  const rank = tsquery
    ? [
        sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${tsquery})) + word_similarity(${text}, ${products.name}) DESC`,
      ]
    : [];
  const orderBy = productOrderBy(input.sort, input.currency, [...rank, sql`${products.numericId} ASC`]);
  const facets = input.facets ?? FACETS;
  return db.transaction(async (tx) => {
    // Typo matching uses the trigram index through `<%`, whose threshold is a setting: set it for this
    // transaction only.
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
    );
    const page = await queryProductPage(tx, where, orderBy, input.paging);
    return { ...page, facets: facets.length > 0 ? await facetCounts(tx, where, facets, input.currency) : {} };
  });
}

interface FacetRow extends Record<string, unknown> {
  facet: string;
  k1: string | null;
  k2: string | null;
  k3: string | null;
  n: number | string;
}

/** All requested facets in one statement over one scan of the matching products. */
async function facetCounts(
  db: DbOrTx,
  where: SQL,
  facets: readonly Facet[],
  currency: string,
): Promise<FacetCounts> {
  const unit = 10 ** currencyExponent(currency);
  const edges = PRICE_EDGES.map((edge) => edge * unit);
  const bucket = sql.join(
    edges.map((edge, i) => sql`WHEN discounted_price_minor >= ${edge}::bigint THEN ${i}`).reverse(),
    sql` `,
  );
  // Collections: the published ones only, as shoppers see them (a hidden one is not yet in the shop).
  const parts: Record<Facet, SQL> = {
    collections: sql`SELECT 'collections' AS facet, c.id AS k1, c.name AS k2, c.slug AS k3, count(*) AS n
      FROM matched m CROSS JOIN LATERAL unnest(m.collection_ids) AS member(id) JOIN collections c ON c.id = member.id AND c.visible
      GROUP BY c.id, c.name, c.slug`,
    brands: sql`SELECT 'brands' AS facet, m.brand AS k1, NULL::text AS k2, NULL::text AS k3, count(*) AS n FROM matched m WHERE m.brand IS NOT NULL GROUP BY m.brand`,
    options: sql`SELECT 'options' AS facet, o->>'name' AS k1, ch->>'description' AS k2, NULL::text AS k3, count(DISTINCT m.id) AS n
      FROM matched m CROSS JOIN LATERAL jsonb_array_elements(m.product_options) AS o
      CROSS JOIN LATERAL jsonb_array_elements(o->'choices') AS ch GROUP BY 2, 3`,
    prices: sql`SELECT 'prices' AS facet, (CASE ${bucket} END)::text AS k1, NULL::text AS k2, NULL::text AS k3, count(*) AS n
      FROM matched m GROUP BY 2`,
  };
  const selected = facets.map((facet) => parts[facet]);
  const result = await db.execute<FacetRow>(sql`WITH matched AS MATERIALIZED (
      SELECT id, brand, collection_ids, product_options, discounted_price_minor FROM ${products} WHERE ${where}
    ) ${sql.join(selected, sql` UNION ALL `)}`);
  const rows = ((result as { rows?: FacetRow[] }).rows ?? (result as unknown as FacetRow[])).map((row) => ({
    ...row,
    n: Number(row.n),
  }));
  const byCount = <T extends { count: number }>(items: T[], label: (item: T) => string) =>
    items.sort((a, b) => b.count - a.count || label(a).localeCompare(label(b)));
  const out: FacetCounts = {};
  if (facets.includes('collections')) {
    out.collections = byCount(
      rows
        .filter((r) => r.facet === 'collections')
        .map((r) => ({ id: r.k1 ?? '', name: r.k2 ?? '', slug: r.k3 ?? '', count: r.n })),
      (c) => c.name,
    );
  }
  if (facets.includes('brands')) {
    out.brands = byCount(
      rows.filter((r) => r.facet === 'brands').map((r) => ({ value: r.k1 ?? '', count: r.n })),
      (b) => b.value,
    ).slice(0, 50);
  }
  if (facets.includes('options')) {
    const options = new Map<string, { value: string; count: number }[]>();
    for (const row of rows.filter((r) => r.facet === 'options')) {
      const name = row.k1 ?? '';
      options.set(name, [...(options.get(name) ?? []), { value: row.k2 ?? '', count: row.n }]);
    }
    out.options = [...options.entries()]
      .map(([name, choices]) => ({ name, choices: byCount(choices, (c) => c.value) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
  if (facets.includes('prices')) {
    out.prices = rows
      .filter((r) => r.facet === 'prices' && r.k1 !== null)
      .map((r) => {
        const index = Number(r.k1);
        const to = edges[index + 1];
        return { fromMinor: edges[index] ?? 0, ...(to !== undefined ? { toMinor: to } : {}), count: r.n };
      })
      .sort((a, b) => a.fromMinor - b.fromMinor);
  }
  return out;
}
