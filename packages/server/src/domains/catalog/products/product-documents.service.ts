import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.js';
import { isLockConflict } from '../../../db/errors.js';
import { type PreparedStatement, pooledDb, runStatement } from '../../../db/statements.js';
import type { PagingMetadata } from '../../../lib/paging.js';
import type { ProductRecord } from '../catalog.types.js';
import { productDocuments, products } from '../products.schema.js';
import { type ProductOutValue, productOut } from './product.mapper.js';
import { viewProduct } from './product.rules.js';
import { type ProductQueryInput, queryProductsAs } from './product-read.service.js';
import { PRODUCT_ID, PRODUCT_SELECT_LIST, type ProductRow, toProductRecord } from './product-rows.service.js';

/*
 * Product documents (ADR 041): each product's public wire shape — what a shopper's list and product page
 * return for it — kept as JSON text in product_documents, so an uncached list is its page plan and ONE
 * statement that returns the page's documents in order, joined into the reply as text (never parsed,
 * never built). A document is a pure function of the product row, its variant rows and the public URL.
 *
 * Never stale, without any write path having to remember it: triggers give every inserted or updated
 * product and variant row a fresh revision (migration 0019), and the page statement serves a document
 * only if the fingerprint it was built from equals the one it computes from the rows it reads, in the
 * same snapshot. A missing or outdated document is rebuilt from the rows (by the one wire mapping,
 * product.mapper.ts) and written back; a write-back that loses a race to a newer change stores a
 * fingerprint no row has any more, so the next read rebuilds again.
 */

/** A product document as sent: the JSON text of one product in the protocol's shape. */
export type ProductDocument = string;

/** Serializes a product the way the reply schema does (the route passes Fastify's own serializer). */
export type SerializeProduct = (product: ProductOutValue) => string;

export interface DocumentContext {
  /** The public URL the documents' absolute URLs are built on. */
  publicUrl: string;
  serialize: SerializeProduct;
}

/**
 * The revisions a product's document depends on: the product row's and its variants' in id order. Each
 * insert or update takes a value no row version had before, and a deleted variant leaves the list, so
 * two different states of a product never share a fingerprint. (SQL text without bound values.)
 */
const FINGERPRINT_TEXT = `("products"."revision"::text || ':' || coalesce((SELECT string_agg(v.revision::text, ',' ORDER BY v.id) FROM product_variants v WHERE v.product_id = "products"."id"), ''))`;
export const PRODUCT_FINGERPRINT = sql.raw(FINGERPRINT_TEXT);

/** The shopper wire shape of a product record: what the list and the product page return for it. */
export function productDocument(record: ProductRecord, ctx: DocumentContext): ProductDocument {
  return ctx.serialize(
    productOut(viewProduct(record), { publicUrl: ctx.publicUrl, merchantData: false, includeVariants: true }),
  );
}

interface DocumentRow {
  id: string;
  /** The stored body, only when its fingerprint is the rows' (else null). */
  body: string | null;
  publicUrl: string | null;
}

const DOCUMENT_SELECT_TEXT = `"products"."id" AS "id", CASE WHEN d.fingerprint = ${FINGERPRINT_TEXT} THEN d.body END AS "body", d.public_url AS "publicUrl"`;
const DOCUMENT_JOIN_TEXT = ' LEFT JOIN product_documents d ON d.product_id = "products"."id"';
const DOCUMENT_SELECT = sql.raw(DOCUMENT_SELECT_TEXT);
const DOCUMENT_JOIN = sql.raw(DOCUMENT_JOIN_TEXT);
/** A product page's document: a named statement, parsed and planned once per connection. */
const DOCUMENT_BY_ID: PreparedStatement = {
  name: 'catalog_product_document',
  text: `SELECT ${DOCUMENT_SELECT_TEXT} FROM products${DOCUMENT_JOIN_TEXT} WHERE "products"."id" = $1 AND "products"."visible"`,
};

/**
 * A shoppers' page of products as documents: the same plan, order and total as `queryProducts`
 * (listing read model, count memo), then one statement for the page's documents. Documents missing or
 * outdated on that page are rebuilt and written back before the page is returned.
 */
export async function queryProductDocuments(
  db: DbOrTx,
  input: Omit<ProductQueryInput, 'includeHidden'>,
  ctx: DocumentContext,
): Promise<{ items: ProductDocument[]; metadata: PagingMetadata }> {
  return queryProductsAs(
    db,
    { ...input, includeHidden: false },
    {
      name: 'documents',
      select: DOCUMENT_SELECT,
      join: DOCUMENT_JOIN,
      toItems: (rows: DocumentRow[]) => withDocuments(db, rows, ctx),
    },
  );
}

/** A shopper's product document by id, or undefined when there is no visible product with that id. */
export async function productDocumentById(
  db: DbOrTx,
  id: string,
  ctx: DocumentContext,
): Promise<ProductDocument | undefined> {
  const pool = pooledDb(db);
  const rows = pool
    ? await runStatement<DocumentRow>(pool, DOCUMENT_BY_ID, [id])
    : await queryRows<DocumentRow>(
        db,
        sql`SELECT ${DOCUMENT_SELECT} FROM ${products}${DOCUMENT_JOIN} WHERE ${products.id} = ${id} AND ${products.visible}`,
      );
  const [document] = await withDocuments(db, rows, ctx);
  return document;
}

async function withDocuments(
  db: DbOrTx,
  rows: DocumentRow[],
  ctx: DocumentContext,
): Promise<ProductDocument[]> {
  const fresh = (row: DocumentRow) => row.body !== null && row.publicUrl === ctx.publicUrl;
  if (rows.every(fresh)) return rows.map((row) => row.body as string);
  const stale = rows.filter((row) => !fresh(row)).map((row) => row.id);
  const rebuilt = await rebuildProductDocuments(db, stale, ctx);
  // A product deleted or hidden since the page was planned has no document: it leaves the page.
  return rows.flatMap((row) => {
    const body = fresh(row) ? row.body : rebuilt.get(row.id);
    return body === undefined || body === null ? [] : [body];
  });
}

/**
 * Builds the documents of `ids` from their rows and stores them with the fingerprint read in the same
 * statement as the rows: one statement to read, one to write.
 */
export async function rebuildProductDocuments(
  db: DbOrTx,
  ids: readonly string[],
  ctx: DocumentContext,
): Promise<Map<string, ProductDocument>> {
  const built = new Map<string, ProductDocument>();
  if (ids.length === 0) return built;
  const rows = await queryRows<ProductRow & { fingerprint: string }>(
    db,
    // Only visible products: one hidden since its page was planned leaves the page, as it would from a
    // page planned now (hidden products' documents are never served).
    sql`SELECT ${PRODUCT_SELECT_LIST}, ${PRODUCT_FINGERPRINT} AS "fingerprint" FROM ${products} WHERE ${PRODUCT_ID} IN ${idList(ids)} AND ${products.visible}`,
  );
  const stored = rows.map(({ fingerprint, ...row }) => {
    const body = productDocument(toProductRecord(row as ProductRow), ctx);
    built.set(row.id, body);
    return { productId: row.id, fingerprint, publicUrl: ctx.publicUrl, body };
  });
  if (stored.length > 0) await storeDocuments(db, stored);
  return built;
}

/**
 * Writes documents back; one that already says the same is not rewritten (many shoppers rebuild the same
 * page at once after a change). Rows come as one JSON parameter, which both drivers bind alike. A product
 * deleted meanwhile is skipped (its document would go with it anyway).
 *
 * A write-back never waits on an order or an edit: storing a product's first document checks its foreign
 * key, which needs a share of the product's row lock — the lock an order taking stock or an edit holds
 * for its whole transaction. The statement takes that share itself, `SKIP LOCKED`, so a product held by a
 * writer is left out (the reader still answers with the document it built; a later reader stores it), and
 * takes the rows in id order, so two readers storing overlapping pages meet them in the same order. On the
 * pool it is best effort: a lock conflict left anyway is not the shopper's error. In a caller's transaction
 * the write is part of it, errors included.
 */
async function storeDocuments(db: DbOrTx, stored: (typeof productDocuments.$inferInsert)[]): Promise<void> {
  const upsert = queryRows(
    db,
    sql`INSERT INTO ${productDocuments} AS d (product_id, fingerprint, public_url, body)
      SELECT r."productId", r.fingerprint, r."publicUrl", r.body
      FROM jsonb_to_recordset(${JSON.stringify(stored)}::jsonb)
        AS r("productId" text, fingerprint text, "publicUrl" text, body text)
      JOIN ${products} ON ${PRODUCT_ID} = r."productId"
      ORDER BY r."productId"
      FOR KEY SHARE OF ${products} SKIP LOCKED
      ON CONFLICT (product_id) DO UPDATE
        SET fingerprint = excluded.fingerprint, public_url = excluded.public_url, body = excluded.body
        WHERE (d.fingerprint, d.public_url) IS DISTINCT FROM (excluded.fingerprint, excluded.public_url)`,
  );
  if (!pooledDb(db)) {
    await upsert;
    return;
  }
  try {
    await upsert;
  } catch (error) {
    if (!isLockConflict(error)) throw error;
  }
}

function idList(ids: readonly string[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
