import type { Db } from '../db/client.js';
import type { ProductInput } from '../domains/catalog/product-input.js';
import { createProduct, updateProduct } from '../domains/catalog/product-write.service.js';
import { STORES_APP_ID } from '../domains/checkout/lines/line-types.js';

/*
 * Test data for carts, checkouts and orders, made through the catalog's own create services (the
 * catalog's tables are never written directly).
 */
const ctx = (currency: string) => ({ actor: { identityType: 'WIX_USER' as const, id: 'test' }, currency });

export interface TestProduct {
  id: string;
  /** Variant ids in creation order (the default variant for products without options). */
  variantIds: string[];
  slug: string;
}

export async function createTestProduct(
  db: Db,
  input: Partial<ProductInput> & { name: string; priceMinor: number },
  currency = 'USD',
): Promise<TestProduct> {
  const view = await createProduct(db, input, ctx(currency));
  return {
    id: view.record.id,
    variantIds: view.variants.map((variant) => variant.record.id),
    slug: view.record.slug,
  };
}

export async function updateTestProduct(db: Db, id: string, input: ProductInput, currency = 'USD') {
  await updateProduct(db, id, input, ctx(currency));
}

/** A protocol line item for a product (and variant). */
export function lineItem(productId: string, quantity = 1, options?: Record<string, unknown>) {
  return {
    catalogReference: { appId: STORES_APP_ID, catalogItemId: productId, ...(options ? { options } : {}) },
    quantity,
  };
}
