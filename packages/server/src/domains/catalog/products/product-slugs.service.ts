import { eq, like, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import { escapeLike } from '../../../lib/query-values.js';
import { products } from '../products.schema.js';
import { dedupeSlug } from './product.rules.js';

/**
 * Inserts with the first free slug among `base`, `base-2`, … Creators of the same base slug take a
 * transaction-scoped advisory lock first, so they pick one after the other and each sees the slugs the
 * others committed; should a slug still be taken (e.g. by an update), the unique index fails inside a
 * savepoint and the next candidate is tried. A slug the merchant chose is never changed: taking it
 * twice is a 409.
 */
export async function insertWithUniqueSlug(
  tx: Tx,
  base: string,
  explicit: boolean,
  values: (slug: string) => typeof products.$inferInsert,
): Promise<void> {
  await lockSlug(tx, 'product', base);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await takenSlugs(tx, base);
    if (explicit && taken.has(base)) throw slugTaken(base);
    const slug = dedupeSlug(base, taken);
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.insert(products).values(values(slug));
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error, 'products_slug_idx')) throw error;
      if (explicit) throw slugTaken(base);
    }
  }
  throw new AppError('CONFLICT', 'Could not find a free slug', {
    status: 409,
    description: 'Many products with this name are being created at once. Retry, or choose a slug.',
  });
}

/** Serialises writers of one slug base until their transactions end. */
export async function lockSlug(tx: Tx, entity: string, base: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${entity}-slug:${base}`}))`);
}

async function takenSlugs(tx: DbOrTx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${escapeLike(base)}-%`)));
  return new Set(rows.map((row) => row.slug));
}

export async function assertSlugFree(tx: Tx, slug: string, ownId: string): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (row && row.id !== ownId) throw slugTaken(slug);
}

function slugTaken(slug: string): AppError {
  return new AppError('PRODUCT_SLUG_ALREADY_EXISTS', 'Slug already in use', {
    status: 409,
    description: `Another product has the slug "${slug}". Choose another slug, or leave it out to have one generated.`,
    data: { slug },
  });
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return (
        constraint === undefined ||
        candidate.constraint === constraint ||
        Boolean(candidate.message?.includes(constraint))
      );
    }
  }
  return false;
}
