// The shopper's current cart. Reads skip the API while the shopper has no identity yet (no cookie means
// no cart), so a first visit stays anonymous until the first add.

import type { Transport } from '@openshelf/sdk';
import type { ShopSession } from './session.server';
import type { LineItem, PriceSummary, Violation } from './types';

/** The stores catalog's app id: cart lines point at catalog items through it (wire-protocol.md §4). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export interface CartView {
  id: string;
  lineItems: LineItem[];
  couponCode?: string;
  subtotal: { formattedAmount: string };
  priceSummary?: PriceSummary;
  violations: Violation[];
  count: number;
}

interface CartWire {
  id: string;
  lineItems: LineItem[];
  subtotal: { formattedAmount: string; amount: string };
  appliedDiscounts?: { coupon?: { code: string } }[];
}

interface EstimateWire {
  cart: CartWire;
  priceSummary: PriceSummary;
  violations?: Violation[];
}

export async function getCart(session: ShopSession): Promise<CartView | undefined> {
  if (!session.hasIdentity()) return undefined;
  const reply = await session.api.request<{ cart?: CartWire }>({ method: 'GET', path: '/ecom/v1/carts/current' });
  if (!reply.cart || reply.cart.lineItems.length === 0) return reply.cart ? toView(reply.cart) : undefined;
  // Estimated totals (discounts, tax where known) and the violations, in one call.
  const estimate = await session.api.request<EstimateWire>({
    method: 'POST',
    path: '/ecom/v1/carts/current/estimate-totals',
    body: {},
  });
  return toView(estimate.cart, estimate.priceSummary, estimate.violations);
}

export async function cartCount(session: ShopSession): Promise<number> {
  if (!session.hasIdentity()) return 0;
  const reply = await session.api.request<{ cart?: CartWire }>({ method: 'GET', path: '/ecom/v1/carts/current' });
  return reply.cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
}

export interface AddToCartInput {
  productId: string;
  quantity: number;
  options?: Record<string, string>;
  variantId?: string;
  subscriptionOptionId?: string;
}

export async function addToCart(api: Transport, input: AddToCartInput): Promise<void> {
  const options: Record<string, unknown> = {};
  if (input.variantId) options.variantId = input.variantId;
  else if (input.options && Object.keys(input.options).length > 0) options.options = input.options;
  if (input.subscriptionOptionId) options.subscriptionOptionId = input.subscriptionOptionId;
  await api.request({
    method: 'POST',
    path: '/ecom/v1/carts/current/add-to-cart',
    body: {
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: input.productId,
            ...(Object.keys(options).length > 0 ? { options } : {}),
          },
          quantity: input.quantity,
        },
      ],
    },
  });
}

export async function setLineQuantity(api: Transport, lineItemId: string, quantity: number): Promise<void> {
  if (quantity <= 0) return removeLine(api, lineItemId);
  await api.request({
    method: 'POST',
    path: '/ecom/v1/carts/current/update-line-items-quantity',
    body: { lineItems: [{ id: lineItemId, quantity }] },
  });
}

export async function removeLine(api: Transport, lineItemId: string): Promise<void> {
  await api.request({
    method: 'POST',
    path: '/ecom/v1/carts/current/remove-line-items',
    body: { lineItemIds: [lineItemId] },
  });
}

export async function applyCoupon(api: Transport, couponCode: string): Promise<void> {
  await api.request({ method: 'PATCH', path: '/ecom/v1/carts/current', body: { couponCode } });
}

export async function removeCoupon(api: Transport): Promise<void> {
  await api.request({ method: 'POST', path: '/ecom/v1/carts/current/remove-coupon', body: {} });
}

export async function createCheckoutFromCart(api: Transport): Promise<string> {
  const reply = await api.request<{ checkoutId: string }>({
    method: 'POST',
    path: '/ecom/v1/carts/current/create-checkout',
    body: { channelType: 'WEB' },
  });
  return reply.checkoutId;
}

function toView(cart: CartWire, priceSummary?: PriceSummary, violations: Violation[] = []): CartView {
  const coupon = cart.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;
  return {
    id: cart.id,
    lineItems: cart.lineItems.map(trimLine),
    ...(coupon ? { couponCode: coupon } : {}),
    subtotal: { formattedAmount: cart.subtotal.formattedAmount },
    ...(priceSummary ? { priceSummary } : {}),
    violations,
    count: cart.lineItems.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export function trimLine(line: LineItem): LineItem {
  return {
    id: line.id,
    quantity: line.quantity,
    productName: { original: line.productName.original },
    price: line.price,
    ...(line.fullPrice ? { fullPrice: line.fullPrice } : {}),
    ...(line.lineItemPrice ? { lineItemPrice: line.lineItemPrice } : {}),
    descriptionLines: line.descriptionLines,
    ...(line.availability ? { availability: line.availability } : {}),
    ...(line.image ? { image: line.image } : {}),
    ...(line.url ? { url: { relativePath: line.url.relativePath } } : {}),
    ...(line.subscriptionOptionInfo ? { subscriptionOptionInfo: line.subscriptionOptionInfo } : {}),
  };
}
