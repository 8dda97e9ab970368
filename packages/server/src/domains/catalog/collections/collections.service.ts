import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { uuidv7 } from '../../../lib/ids.js';
import { type PagingMetadata, pagingMetadata, resolvePaging } from '../../../lib/paging.js';
import type { FilterFields } from '../../../lib/query-fields.js';
import { compileFilter } from '../../../lib/query-filter.js';
import { compileSort } from '../../../lib/query-sort.js';
import { escapeLike } from '../../../lib/query-values.js';
import { type CollectionRecord, LIMITS } from '../catalog.types.js';
import { collectionEvent } from '../catalog-events.service.js';
import { resolveMediaRefs } from '../catalog-media.service.js';
import { collections } from '../collections.schema.js';
import { dedupeSlug, SLUG_PATTERN, slugify } from '../products/product.rules.js';
import type { MediaRef } from '../products/product-input.rules.js';
import { isUniqueViolation, lockSlug } from '../products/product-slugs.service.js';
import type { WriteContext } from '../products/product-write.service.js';
import { products } from '../products.schema.js';

export interface CollectionInput {
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  media?: MediaRef[];
}

const COLLECTION_FIELDS: FilterFields = {
  id: { kind: 'string', expr: collections.id, sort: collections.id },
  name: { kind: 'string', expr: collections.name, sort: collections.name },
  slug: { kind: 'string', expr: collections.slug, sort: collections.slug },
  visible: { kind: 'boolean', expr: collections.visible, sort: collections.visible },
  description: { kind: 'string', expr: collections.description },
  createdDate: { kind: 'date', expr: collections.createdDate, sort: collections.createdDate },
  lastUpdated: { kind: 'date', expr: collections.lastUpdated, sort: collections.lastUpdated },
};

/**
 * What shoppers may read: published (`visible`) collections only, so one made in the admin stays out of
 * the shop until it is ready. Merchants (`merchantView`) read every collection and count hidden products.
 */
const shopperCan = (merchantView: boolean) => (merchantView ? undefined : eq(collections.visible, true));

/** Products counted in a collection: shoppers count what they can see. */
function productCount(merchantView: boolean) {
  return sql<number>`(SELECT count(*)::int FROM products p WHERE p.collection_ids @> ARRAY[${sql.raw('"collections"."id"')}]${
    merchantView ? sql`` : sql` AND p.visible`
  })`;
}

async function loadCollections(db: DbOrTx, where: ReturnType<typeof and>, merchantView: boolean) {
  const rows = await db
    .select({ collection: collections, numberOfProducts: productCount(merchantView) })
    .from(collections)
    .where(and(where, shopperCan(merchantView)));
  return rows.map(toRecord);
}

function toRecord(row: {
  collection: typeof collections.$inferSelect;
  numberOfProducts: number;
}): CollectionRecord {
  return { ...row.collection, numberOfProducts: Number(row.numberOfProducts) };
}

export async function getCollection(
  db: DbOrTx,
  input: { id: string; merchantView: boolean },
): Promise<CollectionRecord> {
  const [collection] = await loadCollections(db, eq(collections.id, input.id), input.merchantView);
  if (!collection) throw notFound('Collection', input.id);
  return collection;
}

export async function getCollectionBySlug(
  db: DbOrTx,
  input: { slug: string; merchantView: boolean },
): Promise<CollectionRecord> {
  const [collection] = await loadCollections(db, eq(collections.slug, input.slug), input.merchantView);
  if (!collection) {
    throw new AppError('COLLECTION_NOT_FOUND', 'Collection not found', {
      status: 404,
      description: `No collection has the slug "${input.slug}". Query collections to find it.`,
      data: { slug: input.slug },
    });
  }
  return collection;
}

export async function queryCollections(
  db: DbOrTx,
  input: {
    filter?: unknown;
    sort?: unknown;
    paging?: { limit?: number; offset?: number };
    merchantView: boolean;
  },
): Promise<{ items: CollectionRecord[]; metadata: PagingMetadata }> {
  const paging = resolvePaging(input.paging);
  const where =
    and(
      compileFilter(input.filter, COLLECTION_FIELDS, { entity: 'collections' }) ?? sql`TRUE`,
      shopperCan(input.merchantView),
    ) ?? sql`TRUE`;
  const orderBy = compileSort(input.sort, COLLECTION_FIELDS, collections.id, {
    entity: 'collections',
    defaultSort: [sql`${collections.name} ASC`],
  });
  const rows = await db
    .select({
      collection: collections,
      numberOfProducts: productCount(input.merchantView),
      total: sql<number>`(SELECT count(*)::int FROM ${collections} WHERE ${where})`,
    })
    .from(collections)
    .where(where)
    .orderBy(...orderBy)
    .limit(paging.limit)
    .offset(paging.offset);
  const total =
    rows[0]?.total ??
    (await db.select({ total: sql<number>`count(*)::int` }).from(collections).where(where))[0]?.total ??
    0;
  return { items: rows.map(toRecord), metadata: pagingMetadata(rows.length, paging, Number(total)) };
}

function checkCollection(input: CollectionInput, v: Violations): void {
  if (input.name !== undefined && !input.name.trim())
    v.add('collection.name', 'REQUIRED_FIELD', 'is required');
  if (input.name !== undefined && input.name.trim().length > LIMITS.collectionNameLength)
    v.add('collection.name', 'MAX_LENGTH', `must be at most ${LIMITS.collectionNameLength} characters long`);
  if (input.slug !== undefined && !SLUG_PATTERN.test(input.slug))
    v.add(
      'collection.slug',
      'FORMAT',
      'must be lower-case letters, digits and single hyphens, e.g. "summer-sale"',
    );
}

export async function createCollection(
  db: DbOrTx,
  input: CollectionInput & { name: string; id?: string },
  ctx: WriteContext,
): Promise<CollectionRecord> {
  return db.transaction(async (tx) => {
    const v = new Violations();
    checkCollection(input, v);
    const media = await resolveMediaRefs(tx, input.media ?? [], v, 'collection.media');
    v.throwIfAny();
    const id = input.id ?? uuidv7();
    const now = ctx.now ?? new Date();
    const slug = await freeSlug(tx, input.slug ?? slugify(input.name), input.slug !== undefined);
    try {
      await tx.transaction((savepoint) =>
        savepoint.insert(collections).values({
          id,
          name: input.name.trim(),
          slug,
          description: input.description ?? '',
          visible: input.visible ?? true,
          media,
          createdDate: now,
          lastUpdated: now,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'collections_slug_idx')) throw slugTaken(slug);
      throw error;
    }
    const collection = await getCollection(tx, { id, merchantView: true });
    await collectionEvent(tx, 'created', collection, ctx.actor);
    return collection;
  });
}

export async function updateCollection(
  db: DbOrTx,
  id: string,
  input: CollectionInput,
  ctx: WriteContext,
): Promise<CollectionRecord> {
  return db.transaction(async (tx) => {
    await lockCollection(tx, id);
    const v = new Violations();
    checkCollection(input, v);
    const media = input.media ? await resolveMediaRefs(tx, input.media, v, 'collection.media') : undefined;
    v.throwIfAny();
    if (input.slug !== undefined) {
      const [other] = await tx
        .select({ id: collections.id })
        .from(collections)
        .where(eq(collections.slug, input.slug));
      if (other && other.id !== id) throw slugTaken(input.slug);
    }
    await tx
      .update(collections)
      .set({
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.visible !== undefined ? { visible: input.visible } : {}),
        ...(media ? { media } : {}),
        lastUpdated: ctx.now ?? new Date(),
      })
      .where(eq(collections.id, id));
    const collection = await getCollection(tx, { id, merchantView: true });
    await collectionEvent(tx, 'changed', collection, ctx.actor, Object.keys(input));
    return collection;
  });
}

/** Deletes a collection; its products stay and simply leave it. */
export async function deleteCollection(db: DbOrTx, id: string, ctx: WriteContext): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCollection(tx, id);
    const collection = await getCollection(tx, { id, merchantView: true });
    await tx
      .update(products)
      .set({ collectionIds: sql`array_remove(${products.collectionIds}, ${id}::text)` })
      .where(sql`${products.collectionIds} @> ARRAY[${id}::text]`);
    await tx.delete(collections).where(eq(collections.id, id));
    await collectionEvent(tx, 'deleted', collection, ctx.actor);
  });
}

/** Adds products to a collection, idempotently; any unknown product id changes nothing and is reported. */
export async function addProductsToCollection(
  db: DbOrTx,
  id: string,
  productIds: string[],
  ctx: WriteContext,
) {
  await changeMembership(db, id, productIds, ctx, 'add');
}

export async function removeProductsFromCollection(
  db: DbOrTx,
  id: string,
  productIds: string[],
  ctx: WriteContext,
) {
  await changeMembership(db, id, productIds, ctx, 'remove');
}

async function changeMembership(
  db: DbOrTx,
  id: string,
  productIds: string[],
  ctx: WriteContext,
  change: 'add' | 'remove',
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCollection(tx, id);
    const unique = [...new Set(productIds)];
    if (unique.length === 0) return;
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, unique));
    const known = new Set(found.map((row) => row.id));
    const missing = unique.filter((productId) => !known.has(productId));
    if (missing.length > 0 && change === 'add') {
      throw new AppError('PRODUCT_NOT_FOUND', 'Product not found', {
        status: 404,
        description: `No product has id ${missing.map((m) => `"${m}"`).join(', ')}. Nothing was added.`,
        data: { productIds: missing },
      });
    }
    const now = ctx.now ?? new Date();
    const member = sql`${products.collectionIds} @> ARRAY[${id}::text]`;
    await tx
      .update(products)
      .set({
        collectionIds:
          change === 'add'
            ? sql`array_append(${products.collectionIds}, ${id}::text)`
            : sql`array_remove(${products.collectionIds}, ${id}::text)`,
        lastUpdated: now,
      })
      .where(and(inArray(products.id, unique), change === 'add' ? sql`NOT ${member}` : member));
    await tx.update(collections).set({ lastUpdated: now }).where(eq(collections.id, id));
    const collection = await getCollection(tx, { id, merchantView: true });
    await collectionEvent(tx, 'changed', collection, ctx.actor, ['productIds']);
  });
}

async function lockCollection(tx: Tx, id: string): Promise<void> {
  const [row] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(eq(collections.id, id))
    .for('update');
  if (!row) throw notFound('Collection', id);
}

async function freeSlug(tx: Tx, base: string, explicit: boolean): Promise<string> {
  await lockSlug(tx, 'collection', base);
  const rows = await tx
    .select({ slug: collections.slug })
    .from(collections)
    .where(or(eq(collections.slug, base), like(collections.slug, `${escapeLike(base)}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (explicit && taken.has(base)) throw slugTaken(base);
  return dedupeSlug(base, taken);
}

function slugTaken(slug: string): AppError {
  return new AppError('COLLECTION_SLUG_ALREADY_EXISTS', 'Slug already in use', {
    status: 409,
    description: `Another collection has the slug "${slug}". Choose another slug, or leave it out to have one generated.`,
    data: { slug },
  });
}
