import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/http/errors.js';
import type { ProductDeposit } from '../catalog.types.js';
import { notifyCatalogChanged } from '../catalog-events.service.js';
import { products, productVariants } from '../products.schema.js';

/*
 * Deposits (ADR 027): a product, or one of its variants, takes a deposit — buyers pay it per unit at
 * checkout (the protocol's DEPOSIT_ONLINE) and the rest later. Set by the store only; carts and
 * checkouts read it with the product record, like the price.
 */

export interface DepositSettings {
  productId: string;
  deposit: ProductDeposit | null;
  variants: { variantId: string; deposit: ProductDeposit }[];
}

/** Sets (or, with null, removes) the deposit of a product or of one of its variants. */
export async function setDeposit(
  db: DbOrTx,
  input: { productId: string; variantId?: string; deposit: ProductDeposit | null },
  now: Date,
): Promise<DepositSettings> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set(input.variantId ? { lastUpdated: now } : { deposit: input.deposit, lastUpdated: now })
      .where(eq(products.id, input.productId))
      .returning({ id: products.id });
    if (!product) throw notFound('Product', input.productId);
    if (input.variantId) {
      const [variant] = await tx
        .update(productVariants)
        .set({ deposit: input.deposit })
        .where(and(eq(productVariants.productId, input.productId), eq(productVariants.id, input.variantId)))
        .returning({ id: productVariants.id });
      if (!variant) throw notFound('Variant', input.variantId, { productId: input.productId });
    }
    await notifyCatalogChanged(tx);
    return readDeposits(tx, input.productId);
  });
}

export async function readDeposits(db: DbOrTx, productId: string): Promise<DepositSettings> {
  const [product] = await db
    .select({ deposit: products.deposit })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound('Product', productId);
  const variants = await db
    .select({ variantId: productVariants.id, deposit: productVariants.deposit })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.deposit} IS NOT NULL`))
    .orderBy(productVariants.position, productVariants.id);
  return {
    productId,
    deposit: product.deposit ?? null,
    variants: variants.flatMap((v) => (v.deposit ? [{ variantId: v.variantId, deposit: v.deposit }] : [])),
  };
}
