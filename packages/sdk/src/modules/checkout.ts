// Checkouts (wire-protocol.md §4.2): from the cart or created directly, then addresses, shipping, coupon,
// gift card, and the order.

import {
  CHECKOUT_WIRE,
  type Checkout,
  type CheckoutInfo,
  type CreateCheckoutOptions,
  type CreateOrderOptions,
  type CreateOrderResult,
  type CustomLineItemInput,
  type LineItemInput,
  type LineItemQuantity,
  type PaymentMethodInput,
  type SelectedPaymentMethod,
  type UpdateCheckoutRequest,
} from '../entities/index.js';
import { reviveEntity } from '../wire.js';
import { type ClientContext, segment } from './context.js';

const PATH = '/ecom/v1/checkouts';

/** A Stripe PaymentIntent for a checkout, for Stripe.js to confirm (`checkout.preparePayment`). */
export interface PreparedPayment {
  paymentIntentId: string;
  clientSecret: string;
}

/** Everything of a checkout update except the checkout fields themselves. */
export type UpdateCheckoutOptions = Omit<UpdateCheckoutRequest, 'checkout'>;

/** Checkouts of the client's visitor or member (or any, with a merchant key). */
export interface CheckoutModule {
  /**
   * Creates a checkout from lines (without a cart).
   *
   * @example
   * ```ts
   * const checkout = await client.checkout.create({ lineItems: [{ catalogReference: { catalogItemId: id }, quantity: 1 }], channelType: 'WEB' });
   * ```
   */
  create(options: CreateCheckoutOptions): Promise<Checkout>;
  /**
   * A checkout by id.
   *
   * @example
   * ```ts
   * const checkout = await client.checkout.get(checkoutId);
   * ```
   */
  get(id: string): Promise<Checkout>;
  /**
   * The checkout started from a cart.
   *
   * @example
   * ```ts
   * const checkout = await client.checkout.getByCartId(cart.id);
   * ```
   */
  getByCartId(cartId: string): Promise<Checkout>;
  /**
   * The hosted checkout page's URL (or the override set on the checkout).
   *
   * @example
   * ```ts
   * location.href = (await client.checkout.getCheckoutUrl(checkoutId)).checkoutUrl;
   * ```
   */
  getCheckoutUrl(id: string): Promise<{ checkoutUrl: string }>;
  /**
   * Changes buyer info, addresses, shipping option, note, and (in `options`) coupon, gift card or lines.
   *
   * @example
   * ```ts
   * await client.checkout.update(id, {
   *   buyerInfo: { email: 'ada@example.com' },
   *   shippingInfo: { shippingDestination: { address: { country: 'US', subdivision: 'US-NY', city: 'New York' } } },
   * }, { couponCode: 'SAVE10' });
   * ```
   */
  update(id: string, checkout: CheckoutInfo, options?: UpdateCheckoutOptions): Promise<Checkout>;
  /**
   * Adds lines.
   *
   * @example
   * ```ts
   * await client.checkout.addToCheckout(id, { lineItems: [{ catalogReference: { catalogItemId: productId } }] });
   * ```
   */
  addToCheckout(
    id: string,
    options: { lineItems?: LineItemInput[]; customLineItems?: CustomLineItemInput[] },
  ): Promise<Checkout>;
  /**
   * Removes lines by id.
   *
   * @example
   * ```ts
   * await client.checkout.removeLineItems(id, [lineId]);
   * ```
   */
  removeLineItems(id: string, lineItemIds: string[]): Promise<Checkout>;
  /**
   * Sets line quantities.
   *
   * @example
   * ```ts
   * await client.checkout.updateLineItemsQuantity(id, [{ id: lineId, quantity: 2 }]);
   * ```
   */
  updateLineItemsQuantity(id: string, lineItems: LineItemQuantity[]): Promise<Checkout>;
  /**
   * Removes the coupon.
   *
   * @example
   * ```ts
   * await client.checkout.removeCoupon(id);
   * ```
   */
  removeCoupon(id: string): Promise<Checkout>;
  /**
   * Removes the gift card.
   *
   * @example
   * ```ts
   * await client.checkout.removeGiftCard(id);
   * ```
   */
  removeGiftCard(id: string): Promise<Checkout>;
  /**
   * Places the order (idempotent: a retry returns the same order id). Pays offline unless `paymentMethod`
   * says otherwise.
   *
   * @example
   * ```ts
   * const { orderId } = await client.checkout.createOrder(id, {
   *   paymentMethod: { type: 'SANDBOX_CARD', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } },
   * });
   * ```
   */
  createOrder(id: string, options?: CreateOrderOptions): Promise<CreateOrderResult>;
  /**
   * Chooses how the checkout will be paid, for a later `createOrder` without `paymentMethod` (the public
   * protocol's createOrder cannot send one). A new card is tokenized at once: a malformed or expired card is
   * a `ValidationError` here, a decline comes at `createOrder`.
   *
   * @example
   * ```ts
   * const chosen = await client.checkout.selectPaymentMethod(id, {
   *   type: 'SANDBOX_CARD', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
   * }, { savePaymentMethod: true });
   * chosen.card?.last4; // '4242'
   * ```
   */
  selectPaymentMethod(
    id: string,
    paymentMethod: PaymentMethodInput,
    options?: { savePaymentMethod?: boolean; delayCapture?: boolean },
  ): Promise<SelectedPaymentMethod>;
  /**
   * A Stripe PaymentIntent for the checkout's amount due now, for Stripe.js's Payment Element to confirm
   * (stores with Stripe only; asking again with the same options returns the same one). After the
   * browser confirmed it, place the order with `paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId } }`.
   *
   * @example
   * ```ts
   * const { clientSecret } = await client.checkout.preparePayment(id, { savePaymentMethod: true });
   * ```
   */
  preparePayment(
    id: string,
    options?: { savePaymentMethod?: boolean; delayCapture?: boolean },
  ): Promise<PreparedPayment>;
  /**
   * Marks a checkout completed (after an order placed elsewhere).
   *
   * @example
   * ```ts
   * await client.checkout.markAsCompleted(id, { orderId });
   * ```
   */
  markAsCompleted(id: string, options?: { orderId?: string }): Promise<void>;
}

const revive = (reply: { checkout: unknown }): Checkout =>
  reviveEntity<Checkout>(reply.checkout, CHECKOUT_WIRE);

/**
 * Creates the checkout module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const checkout = createCheckoutModule(context);
 * ```
 */
export function createCheckoutModule({ transport }: ClientContext): CheckoutModule {
  const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<Checkout> =>
    revive(
      await transport.request<{ checkout: unknown }>({
        method,
        path,
        ...(body === undefined ? {} : { body }),
      }),
    );
  const action = (id: string, name: string, body: unknown = {}): Promise<Checkout> =>
    call('POST', `${PATH}/${segment(id)}/${name}`, body);

  return {
    create: (options) => call('POST', PATH, options),
    get: (id) => call('GET', `${PATH}/${segment(id)}`),
    getByCartId: (cartId) => call('GET', `${PATH}/by-cart-id/${segment(cartId)}`),
    getCheckoutUrl: (id) =>
      transport.request<{ checkoutUrl: string }>({
        method: 'GET',
        path: `${PATH}/${segment(id)}/checkout-url`,
      }),
    update: (id, checkout, options = {}) => call('PATCH', `${PATH}/${segment(id)}`, { ...options, checkout }),
    addToCheckout: (id, options) => action(id, 'add-to-checkout', options),
    removeLineItems: (id, lineItemIds) => action(id, 'remove-line-items', { lineItemIds }),
    updateLineItemsQuantity: (id, lineItems) => action(id, 'update-line-items-quantity', { lineItems }),
    removeCoupon: (id) => action(id, 'remove-coupon'),
    removeGiftCard: (id) => action(id, 'remove-gift-card'),
    createOrder: (id, options = {}) =>
      transport.request<CreateOrderResult>({
        method: 'POST',
        path: `${PATH}/${segment(id)}/create-order`,
        body: options,
      }),
    async preparePayment(id, options = {}) {
      return transport.request<PreparedPayment>({
        method: 'POST',
        path: `${PATH}/${segment(id)}/payment-intent`,
        body: options,
      });
    },
    async selectPaymentMethod(id, paymentMethod, options = {}) {
      const reply = await transport.request<{ paymentMethod: SelectedPaymentMethod }>({
        method: 'POST',
        path: `${PATH}/${segment(id)}/select-payment-method`,
        body: { ...options, paymentMethod },
      });
      return reply.paymentMethod;
    },
    async markAsCompleted(id, options = {}) {
      await transport.request({
        method: 'POST',
        path: `${PATH}/${segment(id)}/mark-as-completed`,
        body: options,
      });
    },
  };
}
