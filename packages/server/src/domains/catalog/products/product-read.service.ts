import { createHash } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.js';
import { type Param, pooledDb, renderSql, runStatement } from '../../../db/statements.js';
import { notFound } from '../../../lib/http/errors.js';
import { type PagingMetadata, pagingMetadata, resolvePaging } from '../../../lib/paging.js';
import { compileFilter } from '../../../lib/query-filter.js';
import { compileSort } from '../../../lib/query-sort.js';
import type { CountMemo } from '../listing/count-memo.cache.js';
import { collectionPage, type ListingPage } from '../listing/listing-plan.service.js';
import { type PagePlan, type PagePlans, planKey } from '../listing/page-plans.cache.js';
import { productFilterFields } from '../listing/product-query-fields.service.js';
import { products } from '../products.schema.js';
import { type ProductView, viewProduct } from './product.rules.js';
import {
  loadProductRecords,
  PRODUCT_SELECT_LIST,
  type ProductRow,
  toProductRecord,
} from './product-rows.service.js';

/**
 * Counting stops here: a larger result reports `tooManyToCount: true` and no total (ADR 012). Counting
 * further would cost more than the page itself on big catalogs; the public client then stops offering
 * "next", and callers narrow the filter or page with `skip`.
 */
export const COUNT_CAP = 10_000;

export interface ProductQueryInput {
  filter?: unknown;
  sort?: unknown;
  paging?: { limit?: number; offset?: number };
  /** Merchants see hidden products; shoppers never do. */
  includeHidden: boolean;
  /** Store currency: prices in filters are in its major units. */
  currency: string;
  /** Totals already counted for a filter (public reads only; ADR 020). */
  counts?: CountMemo;
  /** Plans already made for queries that bind no values (ADR 041). */
  plans?: PagePlans;
}

export interface ProductPage {
  items: ProductView[];
  metadata: PagingMetadata;
}

const filterFieldsCache = new Map<string, ReturnType<typeof productFilterFields>>();
function filterFields(currency: string) {
  let fields = filterFieldsCache.get(currency);
  if (!fields) {
    fields = productFilterFields(currency);
    filterFieldsCache.set(currency, fields);
  }
  return fields;
}

/** Compiles a product filter (and the shopper visibility rule) to one WHERE condition. */
export function productWhere(input: Pick<ProductQueryInput, 'filter' | 'includeHidden' | 'currency'>) {
  const condition = compileFilter(input.filter, filterFields(input.currency), { entity: 'products' });
  const visibility = input.includeHidden ? undefined : eq(products.visible, true);
  return and(visibility, condition) ?? sql`TRUE`;
}

/** A page of products matching a filter, sorted (numericId ascending by default). */
export async function queryProducts(db: DbOrTx, input: ProductQueryInput): Promise<ProductPage> {
  return queryProductsAs(db, input, VIEWS);
}

/**
 * What a page statement returns for each product: its select list (SQL text without bound values, so
 * the statement can be a named one), an optional join beside `products`, and how its rows become the
 * page's items. Views (the wire mapping's input) by default; product-documents.service.ts reads the
 * ready documents instead (ADR 041). `name` tells shapes apart in the plans kept.
 */
export interface PageShape<Row, Item> {
  name: string;
  select: SQL;
  join?: SQL;
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>;
}

const VIEWS: PageShape<ProductRow, ProductView> = {
  name: 'views',
  select: PRODUCT_SELECT_LIST,
  toItems: (rows) => rows.map((row) => viewProduct(toProductRecord(row))),
};

/**
 * `queryProducts` with another page shape: the same plan, count and order, other columns. A plan that
 * binds no value a plan depends on (the storefront's unfiltered list) is kept in `input.plans` and
 * reused as it is: compiling the filter and sort and rendering the statement cost more CPU than the rest
 * of a list of documents (bench profile, ADR 041).
 */
export async function queryProductsAs<Row, Item>(
  db: DbOrTx,
  input: ProductQueryInput,
  shape: PageShape<Row, Item>,
): Promise<{ items: Item[]; metadata: PagingMetadata }> {
  const key = input.plans && planKey(shape.name, input);
  let plan = key === undefined ? undefined : input.plans?.get(key);
  if (!plan) {
    const orderBy = compileSort(input.sort, filterFields(input.currency), products.id, {
      entity: 'products',
      defaultSort: [sql`${products.numericId} ASC`],
    });
    plan = planPage(productWhere(input), orderBy, input.paging, collectionPage(input), shape);
    if (key !== undefined && !plan.valued) input.plans?.set(key, plan);
  }
  return pageOf(db, plan, input.counts, shape);
}

/**
 * One page of products with variants and the (capped) total, in one statement: the count runs as an
 * uncorrelated subquery beside the page, unless `counts` already holds this filter's total — then the
 * page runs alone. Only an empty page past the end needs a second statement.
 */
export async function queryProductPage(
  db: DbOrTx,
  where: SQL,
  orderBy: SQL[],
  pagingInput: ProductQueryInput['paging'],
  counts?: CountMemo,
  listing?: ListingPage,
): Promise<ProductPage> {
  return pageOf(db, planPage(where, orderBy, pagingInput, listing, VIEWS), counts, VIEWS);
}

function planPage(
  where: SQL,
  orderBy: SQL[],
  pagingInput: ProductQueryInput['paging'],
  listing: ListingPage | undefined,
  shape: Pick<PageShape<unknown, unknown>, 'select' | 'join'>,
): PagePlan {
  const paging = resolvePaging(pagingInput);
  const filter = whereOf(where);
  const count = listing ? listing.count(COUNT_CAP) : countSql(where);
  // The page is chosen from the narrow index scan first (of products, or of the listing read model);
  // only its rows are read whole (rows skipped by the offset would otherwise be built and thrown away).
  const pageIds =
    listing?.pageIds(paging) ??
    sql`(SELECT ${products.id} FROM ${products} WHERE ${where} ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT ${paging.limit} OFFSET ${paging.offset})`;
  // Composed from a select list rendered once (product-rows.service.ts): the query builder would rebuild its
  // thirty columns on every request, which cost a third of an uncached list's CPU (bench profile).
  const statement = (total: SQL) =>
    sql`SELECT ${shape.select}, ${total} AS "total" FROM ${products}${shape.join ?? sql``} WHERE ${products.id} IN ${pageIds} ORDER BY ${sql.join(orderBy, sql`, `)}`;
  return {
    filterKey: filter.key,
    valued: filter.valued,
    paging,
    counted: statement(count),
    uncounted: statement(sql`NULL::int`),
    countAlone: sql`SELECT ${count} AS "total"`,
    named: {},
  };
}

async function pageOf<Row, Item>(
  db: DbOrTx,
  plan: PagePlan,
  counts: CountMemo | undefined,
  shape: PageShape<Row, Item>,
): Promise<{ items: Item[]; metadata: PagingMetadata }> {
  let known = counts?.get(plan.filterKey);
  // Right after a catalog change every shopper misses at once: one request counts, the others wait
  // for its total instead of running the same count side by side.
  // (No await unless there is one to wait for: between the lookup and `start` nothing may interleave.)
  const running = known === undefined ? counts?.waitFor(plan.filterKey) : undefined;
  if (running) known = await running;
  const finish = counts && known === undefined ? counts.start(plan.filterKey) : undefined;
  try {
    const page = await readPage(db, plan, known, shape);
    finish?.(page.total);
    return { items: page.items, metadata: toMetadata(page.items.length, plan.paging, page.total) };
  } catch (error) {
    finish?.(undefined);
    throw error;
  }
}

async function readPage<Row, Item>(
  db: DbOrTx,
  plan: PagePlan,
  known: number | undefined,
  shape: PageShape<Row, Item>,
): Promise<{ items: Item[]; total: number }> {
  const countAlone = async () => {
    const [row] = await queryRows<{ total: number }>(db, plan.countAlone);
    return Number(row?.total ?? 0);
  };
  if (plan.paging.limit === 0) return { items: [], total: known ?? (await countAlone()) };
  type PageRow = Row & { total: number | null };
  const rows = await runPlanned<PageRow>(db, plan, known === undefined ? 'counted' : 'uncounted');
  const inRow = rows[0]?.total;
  const counted = known ?? (inRow === undefined || inRow === null ? await countAlone() : Number(inRow));
  return {
    items: await shape.toItems(rows.map(({ total: _total, ...row }) => row as unknown as Row)),
    total: counted,
  };
}

/**
 * An unfiltered list is a named statement (values are parameters): PostgreSQL parses and plans it once
 * per connection — planning costs more than running it. A filtered query is planned for its values
 * every time: after five runs PostgreSQL would switch a named statement to a generic plan, which
 * guesses a price band or a collection matches a handful of rows and sorts every match (ADR 020).
 * (Unfiltered statements bind only booleans and numbers, which both drivers take as they are.)
 */
async function runPlanned<Row>(db: DbOrTx, plan: PagePlan, which: 'counted' | 'uncounted'): Promise<Row[]> {
  const pool = plan.valued ? undefined : pooledDb(db);
  if (pool) {
    let named = plan.named[which];
    if (!named) {
      const rendered = renderSql(plan[which]);
      const name = statementName(rendered.sql);
      if (name) {
        named = { name, text: rendered.sql, params: rendered.params as Param[] };
        plan.named[which] = named;
      }
    }
    if (named) return runStatement<Row>(pool, named, named.params);
  }
  return queryRows<Row>(db, plan[which]);
}

/**
 * A filter's memo key (its SQL text and bound values) and whether it binds any value a plan depends on
 * (booleans such as the shopper visibility rule do not change the plan).
 */
function whereOf(where: SQL): { key: string; valued: boolean } {
  const { sql: text, params } = renderSql(where);
  const key = createHash('sha1')
    .update(text)
    .update('\u0000')
    .update(JSON.stringify(params))
    .digest('base64');
  return { key, valued: params.some((param) => typeof param !== 'boolean') };
}

/** Sort terms for a product query (validated against the sortable fields). */
export function productOrderBy(sort: unknown, currency: string, defaultSort: SQL[]): SQL[] {
  return compileSort(sort, filterFields(currency), products.id, { entity: 'products', defaultSort });
}

const statementNames = new Map<string, string>();

/** A stable name for a statement text (bounded: at most 500 distinct shapes get names). */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < 500) {
    name = `catalog_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

function countSql(where: SQL) {
  return sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${products} WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS capped)`;
}

function toMetadata(count: number, paging: { limit: number; offset: number }, total: number): PagingMetadata {
  return pagingMetadata(count, paging, total > COUNT_CAP ? undefined : total);
}

/** A product with its variants; hidden products exist only for merchants. */
export async function getProduct(
  db: DbOrTx,
  input: { id: string; includeHidden: boolean },
): Promise<ProductView> {
  const [record] = await loadProductRecords(db, eq(products.id, input.id));
  if (!record || (!record.visible && !input.includeHidden)) throw notFound('Product', input.id);
  return viewProduct(record);
}

export async function getProductBySlug(
  db: DbOrTx,
  input: { slug: string; includeHidden: boolean },
): Promise<ProductView> {
  const [record] = await loadProductRecords(db, eq(products.slug, input.slug));
  if (!record || (!record.visible && !input.includeHidden)) {
    throw notFound('Product', input.slug, { slug: input.slug });
  }
  return viewProduct(record);
}
