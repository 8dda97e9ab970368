import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { ProductInput } from '../domains/catalog/products/product-input.rules.js';
import { createProduct, updateProduct } from '../domains/catalog/products/product-write.service.js';
import { STORES_APP_ID } from '../domains/pricing/lines/line.types.js';
import { US_TAX_REGIONS } from '../domains/pricing/totals/calculate.fixtures.js';
import { createCoupon } from '../domains/store-setup/promotions/coupons.service.js';
import { issueGiftCard } from '../domains/store-setup/promotions/gift-cards.service.js';
import {
  createPickupLocation,
  createShippingRegion,
} from '../domains/store-setup/shipping/shipping.service.js';
import { createTaxRegion } from '../domains/store-setup/tax/tax.service.js';

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

/**
 * A small, hand-priced store set-up (USD, KG) for ecom tests:
 * - shipping: New York "std" $4.00 flat (1-2 days); rest of US "std" $5.00, "express" $8.00 + $2.00/kg,
 *   "saver" $7.00, free over $50; pickup "pickup-soho" free;
 * - tax (MANUAL): US-NY 4 % state + 4.5 % city + 0.375 % special = 8.875 %, shipping taxed; US-CA 7.25 %;
 * - coupons: SAVE10 (10 % off everything), FIVEOFF ($5 off over $20), SHIPFREE (100 % off shipping).
 */
export async function setUpTestStore(db: Db): Promise<{ couponIds: Record<string, string> }> {
  await createShippingRegion(db, {
    name: 'New York',
    destinations: ['US-NY'],
    rates: [
      {
        code: 'std',
        title: 'Standard',
        kind: 'FLAT',
        amountMinor: 400,
        minDeliveryDays: 1,
        maxDeliveryDays: 2,
      },
    ],
  });
  await createShippingRegion(db, {
    name: 'United States',
    destinations: ['US'],
    rates: [
      {
        code: 'std',
        title: 'Standard',
        kind: 'FLAT',
        amountMinor: 500,
        minDeliveryDays: 3,
        maxDeliveryDays: 5,
      },
      { code: 'express', title: 'Express', kind: 'WEIGHT', amountMinor: 800, perWeightUnitMinor: 200 },
      { code: 'saver', title: 'Saver', kind: 'FREE_OVER', amountMinor: 700, freeOverSubtotalMinor: 5000 },
    ],
  });
  await createPickupLocation(db, {
    code: 'pickup-soho',
    title: 'Pick up in SoHo',
    method: 'STORE_PICKUP',
    address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Spring St' },
  });
  for (const region of US_TAX_REGIONS) await createTaxRegion(db, region);
  const save10 = await createCoupon(db, { code: 'SAVE10', name: '10 % off', kind: 'PERCENT', ppm: 100_000 });
  const fiveOff = await createCoupon(db, {
    code: 'FIVEOFF',
    name: '$5 off over $20',
    kind: 'AMOUNT',
    amountMinor: 500,
    minimumSubtotalMinor: 2000,
  });
  const shipFree = await createCoupon(db, {
    code: 'SHIPFREE',
    name: 'Free shipping',
    kind: 'PERCENT',
    ppm: 1_000_000,
    scope: 'SHIPPING',
  });
  return { couponIds: { SAVE10: save10.id, FIVEOFF: fiveOff.id, SHIPFREE: shipFree.id } };
}

/** Issues a gift card (USD by default) and returns its id and full code. */
export async function issueTestGiftCard(db: Db, balanceMinor: number, currency = 'USD') {
  const { giftCard, code } = await db.transaction((tx) =>
    issueGiftCard(tx, { initialBalanceMinor: balanceMinor, currency }),
  );
  return { id: giftCard.id, code };
}

/**
 * A shopper's checkout through the public calls (add to the current cart, create-checkout, buyer e-mail,
 * then `extra` checkout changes such as couponCode or giftCardCode). Throws with the reply on any failure.
 */
export async function shopperCheckout(
  app: FastifyInstance,
  token: string,
  items: object[],
  extra: object = {},
): Promise<string> {
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await app.inject({ method, url, headers: { authorization: token }, payload });
    if (reply.statusCode !== 200) throw new Error(`${method} ${url} → ${reply.statusCode}: ${reply.body}`);
    return reply.json();
  };
  await send('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: items });
  const { checkoutId } = await send('POST', '/ecom/v1/carts/current/create-checkout', {});
  await send('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: { buyerInfo: { email: 'buyer@example.com' } },
    ...extra,
  });
  return checkoutId as string;
}
