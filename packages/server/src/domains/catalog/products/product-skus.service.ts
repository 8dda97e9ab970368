import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { Violations } from '../../../lib/http/violations.js';
import { products, productVariants } from '../products.schema.js';

/** A SKU a write sets, and the request field that set it (where a refusal is reported). */
export interface SkuClaim {
  sku: string;
  field: string;
}

/** What one product's SKUs will be after a write, and which of them the write itself sets. */
export interface ProductSkus {
  productId: string;
  /** The product's own SKU (for a product with managed variants, not any variant's). */
  sku: string | null;
  manageVariants: boolean;
  variants: readonly { id: string; choices: Record<string, string>; sku: string | null }[];
  /** The product's SKU, if this write sets it. */
  productClaim?: SkuClaim;
  /** Variant id → the SKU this write gives it. */
  variantClaims: ReadonlyMap<string, SkuClaim>;
}

const keyOf = (sku: string) => sku.trim().toLowerCase();
const variantName = (choices: Record<string, string>) => Object.values(choices).join(' / ') || 'variant';

/**
 * A SKU names one thing the store sells, so it is unique within the store (ignoring case) or empty: the
 * SKUs a write sets may not be another product's or variant's, nor repeat within the product (a variant
 * with its product's SKU is the "copied SKU" mistake). Only SKUs the write sets are checked, so an
 * unrelated edit is never refused for older data. Writers of a SKU take a transaction-scoped advisory lock
 * on it first (products and variants are two tables, so no one unique index can hold the rule), so two
 * concurrent writes of one SKU see each other.
 */
export async function checkSkusFree(tx: Tx, target: ProductSkus, v: Violations): Promise<void> {
  const claims = [
    ...(target.productClaim ? [{ ...target.productClaim, owner: 'product' }] : []),
    ...[...target.variantClaims].map(([id, claim]) => ({ ...claim, owner: id })),
  ].filter((claim) => claim.sku.trim() !== '');
  if (claims.length === 0) return;
  for (const key of [...new Set(claims.map((claim) => keyOf(claim.sku)))].sort())
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sku:${key}`}))`);

  // Within the product: its own SKU and every managed variant's, as they will be after this write.
  const own = [
    ...(target.sku ? [{ owner: 'product', sku: target.sku, name: 'this product' }] : []),
    ...(target.manageVariants
      ? target.variants.flatMap((variant) =>
          variant.sku
            ? [{ owner: variant.id, sku: variant.sku, name: `the variant ${variantName(variant.choices)}` }]
            : [],
        )
      : []),
  ];
  const keys = [...new Set(claims.map((claim) => keyOf(claim.sku)))];
  const others = await skusElsewhere(tx, target.productId, keys);
  for (const claim of claims) {
    const twin = own.find((entry) => entry.owner !== claim.owner && keyOf(entry.sku) === keyOf(claim.sku));
    const elsewhere = others.get(keyOf(claim.sku));
    if (twin)
      v.add(
        claim.field,
        'VALIDATION',
        `"${claim.sku}" is the SKU of ${twin.name} too; give each variant its own SKU, or leave it empty`,
        { sku: claim.sku },
      );
    else if (elsewhere)
      v.add(
        claim.field,
        'VALIDATION',
        `"${claim.sku}" is the SKU of "${elsewhere}" already; a SKU names one item, so choose another or leave it empty`,
        { sku: claim.sku },
      );
  }
}

/** SKU (lower case) → the name of another product, or of another product's variant, that has it. */
async function skusElsewhere(tx: Tx, productId: string, keys: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const productRows = await tx
    .select({ sku: products.sku, name: products.name })
    .from(products)
    .where(and(ne(products.id, productId), inArray(sql`lower(${products.sku})`, keys)));
  for (const row of productRows) if (row.sku) found.set(keyOf(row.sku), row.name);
  const variantRows = await tx
    .select({ sku: productVariants.sku, name: products.name, choices: productVariants.choices })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .where(
      and(
        ne(productVariants.productId, productId),
        sql`${products.manageVariants}`,
        inArray(sql`lower(${productVariants.sku})`, keys),
      ),
    );
  for (const row of variantRows)
    if (row.sku && !found.has(keyOf(row.sku)))
      found.set(keyOf(row.sku), `${row.name} (${variantName(row.choices)})`);
  return found;
}
