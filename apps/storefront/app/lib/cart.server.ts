// The shopper's current cart. Reads skip the API while the shopper has no identity yet (no cookie means
// no cart), so a first visit stays anonymous until the first add.

import type { Cart, CartLineItem, CheckoutLineItem, OpenshelfClient, OrderLineItem } from '@openshelf/sdk';
import type { ShopSession } from './session.server';
import type { CartView, Figure, LineItem, Violation } from './types';

export type { CartView } from './types';

/** The stores catalog's app id: cart lines point at catalog items through it (wire-protocol.md §4). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export async function getCart(session: ShopSession): Promise<CartView | undefined> {
  if (!session.hasIdentity()) return undefined;
  const cart = await session.client.currentCart.get();
  if (!cart || cart.lineItems.length === 0) return cart ? toView(cart) : undefined;
  // Estimated totals (discounts, tax where known) and the violations, in one call.
  const estimate = await session.client.currentCart.estimateTotals({});
  return toView(estimate.cart, estimate.figures.map(trimFigure), estimate.violations);
}

export async function cartCount(session: ShopSession): Promise<number> {
  if (!session.hasIdentity()) return 0;
  const cart = await session.client.currentCart.get();
  return cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
}

export interface AddToCartInput {
  productId: string;
  quantity: number;
  options?: Record<string, string>;
  variantId?: string;
  subscriptionOptionId?: string;
}

export async function addToCart(client: OpenshelfClient, input: AddToCartInput): Promise<void> {
  const options: Record<string, unknown> = {};
  if (input.variantId) options.variantId = input.variantId;
  else if (input.options && Object.keys(input.options).length > 0) options.options = input.options;
  if (input.subscriptionOptionId) options.subscriptionOptionId = input.subscriptionOptionId;
  await client.currentCart.addToCart({
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
  });
}

export async function setLineQuantity(client: OpenshelfClient, lineItemId: string, quantity: number) {
  if (quantity <= 0) await client.currentCart.removeLineItems([lineItemId]);
  else await client.currentCart.updateLineItemsQuantity([{ id: lineItemId, quantity }]);
}

function toView(cart: Cart, figures?: Figure[], violations: Violation[] = []): CartView {
  const coupon = cart.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;
  return {
    id: cart.id,
    lineItems: cart.lineItems.map(trimLine),
    ...(coupon ? { couponCode: coupon } : {}),
    subtotal: { formattedAmount: cart.subtotal.formattedAmount },
    ...(figures ? { figures } : {}),
    violations,
    count: cart.lineItems.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** A figure row as the browser needs it (loader data travels to it). */
export function trimFigure(figure: Figure): Figure {
  return {
    kind: figure.kind,
    label: figure.label,
    amount: { amount: figure.amount.amount, formattedAmount: figure.amount.formattedAmount },
  };
}

export function trimLine(line: CartLineItem | CheckoutLineItem | OrderLineItem | LineItem): LineItem {
  return {
    id: line.id,
    quantity: line.quantity,
    productName: { original: line.productName.original },
    price: line.price,
    ...(line.fullPrice ? { fullPrice: line.fullPrice } : {}),
    ...(line.lineItemPrice ? { lineItemPrice: line.lineItemPrice } : {}),
    descriptionLines: line.descriptionLines,
    ...('availability' in line && line.availability ? { availability: line.availability } : {}),
    // Checkout lines carry their picture as `media`, cart and order lines as `image`.
    ...('image' in line && line.image
      ? { image: line.image }
      : 'media' in line && line.media
        ? { image: line.media }
        : {}),
    ...('url' in line && line.url ? { url: { relativePath: line.url.relativePath } } : {}),
    ...('subscriptionOptionInfo' in line && line.subscriptionOptionInfo
      ? { subscriptionOptionInfo: line.subscriptionOptionInfo }
      : {}),
  };
}
