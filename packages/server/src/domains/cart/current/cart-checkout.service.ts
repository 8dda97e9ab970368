import type { DbOrTx } from '../../../db/client.js';
import { invalidField } from '../../../lib/http/errors.js';
import type { ChannelType } from '../../checkout/index.js';
import { createCheckout } from '../../checkout/index.js';
import type { PostalAddress, Totals } from '../../pricing/index.js';
import { linesWithSetup, type PricingEnv, priceLines } from '../../pricing/index.js';
import type { PricingSetup } from '../../store-setup/index.js';
import type { CartOwner } from '../cart-owner.types.js';
import { cartNotFound, lockCart, readCart, saveCart } from '../cart-rows.service.js';
import type { CartContext, CartView } from '../cart-view.service.js';

export interface EstimateOptions {
  shippingAddress?: PostalAddress;
  billingAddress?: PostalAddress;
  selectedShippingCode?: string;
  selectedMemberships?: { id: string; lineItemIds: string[] }[];
  calculateTax?: boolean;
  calculateShipping?: boolean;
  calculateAdditionalFees?: boolean;
}

/**
 * Totals of the current cart for an address and shipping choice, with the same engine checkouts and
 * orders use (ADR 008). The cart's contact address and chosen shipping option are the defaults.
 */
export async function estimateCurrentCartTotals(
  db: DbOrTx,
  env: PricingEnv,
  owner: CartOwner,
  options: EstimateOptions,
  now: Date,
): Promise<CartView & { setup: PricingSetup; requestedShippingCode?: string }> {
  const row = await readCart(db, owner);
  if (!row) throw cartNotFound();
  const [lines, setup] = await linesWithSetup(db, env, row.lines, {
    couponId: row.couponId,
    memberId: owner.memberId,
  });
  const shippingAddress = options.shippingAddress ?? row.contactInfo?.address;
  const selectedShippingCode = options.selectedShippingCode ?? row.selectedShippingCode ?? undefined;
  const totals: Totals = await priceLines(env, {
    lines,
    setup,
    merchantDiscounts: row.merchantDiscounts,
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(options.billingAddress ? { billingAddress: options.billingAddress } : {}),
    ...(selectedShippingCode ? { selectedShippingCode } : {}),
    ...(options.selectedMemberships ? { selectedMemberships: options.selectedMemberships } : {}),
    ...(options.calculateTax !== undefined ? { calculateTax: options.calculateTax } : {}),
    ...(options.calculateShipping !== undefined ? { calculateShipping: options.calculateShipping } : {}),
    ...(options.calculateAdditionalFees !== undefined
      ? { calculateAdditionalFees: options.calculateAdditionalFees }
      : {}),
    now,
  });
  return {
    row,
    lines,
    totals,
    setup,
    ...(setup.coupon ? { coupon: setup.coupon } : {}),
    ...(selectedShippingCode ? { requestedShippingCode: selectedShippingCode } : {}),
  };
}

export interface CheckoutFromCartInput {
  channelType: ChannelType;
  shippingAddress?: PostalAddress;
  billingAddress?: PostalAddress;
  selectedShippingCode?: string;
  email?: string;
}

/**
 * A checkout from the current cart: its lines (prices held from now), coupon, note, contact address as
 * the shipping destination unless another is given. The cart stays (it is deleted when the order is
 * placed) and remembers the checkout.
 */
export function createCheckoutFromCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  input: CheckoutFromCartInput,
  ctx: CartContext,
): Promise<{ checkoutId: string }> {
  return db.transaction(async (tx) => {
    const row = await lockCart(tx, owner);
    if (row.lines.length === 0)
      throw invalidField('cart.lineItems', 'MIN_SIZE', 'the cart is empty; add items before checking out', {
        threshold: 1,
      });
    const shippingDestination = input.shippingAddress
      ? {
          address: input.shippingAddress,
          ...(row.contactInfo?.contactDetails ? { contactDetails: row.contactInfo.contactDetails } : {}),
        }
      : (row.contactInfo ?? undefined);
    const selectedShippingCode = input.selectedShippingCode ?? row.selectedShippingCode ?? undefined;
    const view = await createCheckout(
      tx,
      {
        cartId: row.id,
        ...(row.visitorId ? { visitorId: row.visitorId } : {}),
        ...(row.memberId ? { memberId: row.memberId } : {}),
        channelType: input.channelType,
        lines: row.lines,
        ...(input.email ? { buyerEmail: input.email } : {}),
        ...(row.buyerNote ? { buyerNote: row.buyerNote } : {}),
        ...(input.billingAddress ? { billingInfo: { address: input.billingAddress } } : {}),
        ...(shippingDestination ? { shippingDestination } : {}),
        ...(selectedShippingCode ? { selectedShippingCode } : {}),
        ...(row.couponId ? { couponId: row.couponId } : {}),
        ...(row.merchantDiscounts.length > 0 ? { merchantDiscounts: row.merchantDiscounts } : {}),
        ...(row.overrideCheckoutUrl ? { overrideCheckoutUrl: row.overrideCheckoutUrl } : {}),
      },
      ctx,
    );
    await saveCart(tx, row, { checkoutId: view.row.id }, { created: false, actor: ctx.actor, now: ctx.now });
    return { checkoutId: view.row.id };
  });
}
