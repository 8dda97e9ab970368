// The caller's current cart (wire-protocol.md §4.1): one per visitor or member, created by the first add.

import {
  type AddToCartOptions,
  CART_ESTIMATE_WIRE,
  CART_WIRE,
  type Cart,
  type CartEstimate,
  type CreateCheckoutFromCartOptions,
  type EstimateTotalsOptions,
  type LineItemQuantity,
  type UpdateCartOptions,
} from '../entities/index.js';
import { isApplicationError } from '../errors.js';
import { reviveEntity } from '../wire.js';
import type { ClientContext } from './context.js';

const PATH = '/ecom/v1/carts/current';
/** The code a visitor or member with no current cart gets (wire-protocol.md §8.1). */
const NO_CART = 'OWNED_CART_NOT_FOUND';

/** The current cart of the client's visitor or member. */
export interface CurrentCartModule {
  /**
   * The current cart, or `undefined` when there is none yet (nothing added since the last order or
   * delete). The server answers that case with 404 `OWNED_CART_NOT_FOUND`, as the platform does; only
   * that is read as "no cart": any other failure (another 404, 401, 5xx) is thrown.
   *
   * @example
   * ```ts
   * const cart = await client.currentCart.get();
   * const count = cart?.lineItems.reduce((n, line) => n + line.quantity, 0) ?? 0;
   * ```
   */
  get(): Promise<Cart | undefined>;
  /**
   * Adds lines (creating the cart on the first add); the same item again adds to its line.
   *
   * @example
   * ```ts
   * await client.currentCart.addToCart({ lineItems: [
   *   { catalogReference: { catalogItemId: product.id, options: { variantId } }, quantity: 2 },
   * ] });
   * ```
   */
  addToCart(options: AddToCartOptions): Promise<Cart>;
  /**
   * Changes the cart: coupon (`null` removes it), buyer note, contact info, shipping option, lines.
   *
   * @example
   * ```ts
   * await client.currentCart.update({ couponCode: 'SAVE10' });
   * ```
   */
  update(options: UpdateCartOptions): Promise<Cart>;
  /**
   * Removes lines by id.
   *
   * @example
   * ```ts
   * await client.currentCart.removeLineItems([line.id]);
   * ```
   */
  removeLineItems(lineItemIds: string[]): Promise<Cart>;
  /**
   * Sets line quantities.
   *
   * @example
   * ```ts
   * await client.currentCart.updateLineItemsQuantity([{ id: line.id, quantity: 3 }]);
   * ```
   */
  updateLineItemsQuantity(lineItems: LineItemQuantity[]): Promise<Cart>;
  /**
   * Removes the coupon.
   *
   * @example
   * ```ts
   * await client.currentCart.removeCoupon();
   * ```
   */
  removeCoupon(): Promise<Cart>;
  /**
   * Totals for the cart as it is, optionally for an address and shipping option.
   *
   * @example
   * ```ts
   * const { priceSummary } = await client.currentCart.estimateTotals({ shippingAddress: { country: 'US', subdivision: 'US-NY' } });
   * ```
   */
  estimateTotals(options?: EstimateTotalsOptions): Promise<CartEstimate>;
  /**
   * Starts a checkout from the cart.
   *
   * @example
   * ```ts
   * const { checkoutId } = await client.currentCart.createCheckout({ channelType: 'WEB' });
   * ```
   */
  createCheckout(options?: CreateCheckoutFromCartOptions): Promise<{ checkoutId: string }>;
  /**
   * Deletes the current cart; an `ApplicationError` with code `OWNED_CART_NOT_FOUND` (404) when there is
   * none.
   *
   * @example
   * ```ts
   * await client.currentCart.delete();
   * ```
   */
  delete(): Promise<void>;
}

const revive = (reply: { cart: unknown }): Cart => reviveEntity<Cart>(reply.cart, CART_WIRE);

/**
 * Creates the current-cart module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const currentCart = createCurrentCartModule(context);
 * ```
 */
export function createCurrentCartModule({ transport }: ClientContext): CurrentCartModule {
  const post = async (action: string, body: unknown): Promise<Cart> =>
    revive(await transport.request<{ cart: unknown }>({ method: 'POST', path: `${PATH}/${action}`, body }));

  return {
    async get() {
      try {
        return revive(await transport.request<{ cart: unknown }>({ method: 'GET', path: PATH }));
      } catch (error) {
        if (isApplicationError(error) && error.code === NO_CART) return undefined;
        throw error;
      }
    },
    addToCart: (options) => post('add-to-cart', options),
    async update(options) {
      return revive(
        await transport.request<{ cart: unknown }>({ method: 'PATCH', path: PATH, body: options }),
      );
    },
    removeLineItems: (lineItemIds) => post('remove-line-items', { lineItemIds }),
    updateLineItemsQuantity: (lineItems) => post('update-line-items-quantity', { lineItems }),
    removeCoupon: () => post('remove-coupon', {}),
    async estimateTotals(options = {}) {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${PATH}/estimate-totals`,
        body: options,
      });
      return reviveEntity<CartEstimate>(reply, CART_ESTIMATE_WIRE);
    },
    createCheckout: (options = {}) =>
      transport.request<{ checkoutId: string }>({
        method: 'POST',
        path: `${PATH}/create-checkout`,
        body: options,
      }),
    async delete() {
      await transport.request({ method: 'DELETE', path: PATH });
    },
  };
}
