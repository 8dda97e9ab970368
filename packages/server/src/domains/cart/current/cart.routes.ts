import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { requireShopper } from '../../access/index.js';
import {
  type AddressIn,
  addressIn,
  CART_PREFIXES,
  catalogLinesIn,
  checkAddresses,
  EmptyOut,
  merchantOnlyField,
  RemoveLineItemsRequest,
  UpdateQuantitiesRequest,
} from '../../pricing/index.js';
import {
  AddToCartRequest,
  CartResponse,
  CheckoutIdResponse,
  CreateCheckoutFromCartRequest,
  EstimateTotalsRequest,
  EstimateTotalsResponse,
  UpdateCartRequest,
} from '../cart.contract.js';
import { type CartDeps, cartHttp } from '../cart.http.js';
import { cartOut, estimateOut } from '../cart.mapper.js';
import { cartOwnerOf } from '../cart-owner.types.js';
import { cartNotFound } from '../cart-rows.service.js';
import { cartUpdateIn } from '../cart-update-in.mapper.js';
import {
  addToCurrentCart,
  deleteCurrentCart,
  getCurrentCart,
  removeCoupon,
  removeLineItems,
  updateCurrentCart,
  updateLineItemsQuantity,
} from './cart.service.js';
import { createCheckoutFromCurrentCart, estimateCurrentCartTotals } from './cart-checkout.service.js';

/** The current cart (wire-protocol.md §4.1), bound to the caller's visitor or member token. */
const currentCartRoutes: FastifyPluginAsyncTypebox<CartDeps> = async (app, deps) => {
  const http = cartHttp(deps);
  const { db, env } = http;
  const tags = ['ecom: current cart'];
  const preHandler = requireShopper();

  app.get(
    '',
    {
      schema: {
        summary: 'Get the current cart (404 OWNED_CART_NOT_FOUND when there is none yet)',
        tags,
        response: { 200: CartResponse },
      },
      preHandler,
    },
    async (request) => {
      const view = await getCurrentCart(db, http.memo, env, cartOwnerOf(request.caller), http.now());
      // The platform's answer for "no cart yet": apps catch exactly this code (wire-protocol.md §8.1).
      if (!view) throw cartNotFound();
      return { cart: cartOut(view) };
    },
  );
  app.patch(
    '',
    {
      schema: {
        summary: 'Update the current cart (info, coupon, lines to add)',
        tags,
        body: UpdateCartRequest,
        response: { 200: CartResponse },
      },
      preHandler,
    },
    async (request) => {
      const view = await updateCurrentCart(
        db,
        cartOwnerOf(request.caller),
        await cartUpdateIn(request.body, http, request),
        http.ctx(request),
      );
      return { cart: cartOut(view) };
    },
  );
  app.delete(
    '',
    {
      schema: {
        summary: 'Delete the current cart (404 OWNED_CART_NOT_FOUND when there is none)',
        tags,
        response: { 200: EmptyOut },
      },
      preHandler,
    },
    async (request) => {
      await deleteCurrentCart(db, cartOwnerOf(request.caller), http.ctx(request));
      return {};
    },
  );

  app.post(
    '/add-to-cart',
    {
      schema: {
        summary: 'Add items to the current cart',
        tags,
        body: AddToCartRequest,
        response: { 200: CartResponse },
      },
      preHandler,
    },
    async (request) => {
      if (request.body.customLineItems?.length) merchantOnlyField('customLineItems', 'Custom line items');
      const view = await addToCurrentCart(
        db,
        cartOwnerOf(request.caller),
        { lineItems: catalogLinesIn(request.body.lineItems, http, request) },
        http.ctx(request),
      );
      return { cart: cartOut(view) };
    },
  );

  app.post(
    '/update-line-items-quantity',
    {
      schema: {
        summary: 'Change line quantities',
        tags,
        body: UpdateQuantitiesRequest,
        response: { 200: CartResponse },
      },
      preHandler,
    },
    async (request) => ({
      cart: cartOut(
        await updateLineItemsQuantity(
          db,
          cartOwnerOf(request.caller),
          request.body.lineItems,
          http.ctx(request),
        ),
      ),
    }),
  );

  app.post(
    '/remove-line-items',
    {
      schema: {
        summary: 'Remove lines',
        tags,
        body: RemoveLineItemsRequest,
        response: { 200: CartResponse },
      },
      preHandler,
    },
    async (request) => ({
      cart: cartOut(
        await removeLineItems(db, cartOwnerOf(request.caller), request.body.lineItemIds, http.ctx(request)),
      ),
    }),
  );

  app.post(
    '/remove-coupon',
    { schema: { summary: 'Remove the coupon', tags, response: { 200: CartResponse } }, preHandler },
    async (request) => ({
      cart: cartOut(await removeCoupon(db, cartOwnerOf(request.caller), http.ctx(request))),
    }),
  );

  app.post(
    '/estimate-totals',
    {
      schema: {
        summary: 'Estimate totals with shipping and tax',
        tags,
        body: EstimateTotalsRequest,
        response: { 200: EstimateTotalsResponse },
      },
      preHandler,
    },
    async (request) => {
      const body = request.body;
      const { shippingAddress, billingAddress } = checkedAddressesIn(body);
      const view = await estimateCurrentCartTotals(
        db,
        env,
        cartOwnerOf(request.caller),
        {
          ...(shippingAddress ? { shippingAddress } : {}),
          ...(billingAddress ? { billingAddress } : {}),
          ...(body.selectedShippingOption ? { selectedShippingCode: body.selectedShippingOption.code } : {}),
          ...(body.selectedMemberships?.memberships
            ? {
                selectedMemberships: body.selectedMemberships.memberships.map((m) => ({
                  id: m.id,
                  lineItemIds: m.lineItemIds ?? [],
                })),
              }
            : {}),
          ...(body.calculateTax !== undefined ? { calculateTax: body.calculateTax } : {}),
          ...(body.calculateShipping !== undefined ? { calculateShipping: body.calculateShipping } : {}),
          ...(body.calculateAdditionalFees !== undefined
            ? { calculateAdditionalFees: body.calculateAdditionalFees }
            : {}),
        },
        http.now(),
      );
      return estimateOut(view);
    },
  );

  app.post(
    '/create-checkout',
    {
      schema: {
        summary: 'Create a checkout from the current cart',
        tags,
        body: CreateCheckoutFromCartRequest,
        response: { 200: CheckoutIdResponse },
      },
      preHandler,
    },
    async (request) => {
      const body = request.body;
      const { shippingAddress, billingAddress } = checkedAddressesIn(body);
      return createCheckoutFromCurrentCart(
        db,
        cartOwnerOf(request.caller),
        {
          channelType: body.channelType ?? 'WEB',
          ...(shippingAddress ? { shippingAddress } : {}),
          ...(billingAddress ? { billingAddress } : {}),
          ...(body.selectedShippingOption ? { selectedShippingCode: body.selectedShippingOption.code } : {}),
          ...(body.email ? { email: body.email } : {}),
        },
        http.ctx(request),
      );
    },
  );
};

/** The current cart on the protocol clients' path and the spec's. */
export const cartRoutes: FastifyPluginAsyncTypebox<CartDeps> = (app, deps) =>
  mountOnPrefixes(app, currentCartRoutes, deps, CART_PREFIXES);

/** A request's shipping and billing addresses in our shape, both checked by their country's rules. */
function checkedAddressesIn(body: {
  shippingAddress?: Static<typeof AddressIn>;
  billingAddress?: Static<typeof AddressIn>;
}) {
  const shippingAddress = addressIn(body.shippingAddress);
  const billingAddress = addressIn(body.billingAddress);
  checkAddresses([
    { path: 'shippingAddress', address: shippingAddress },
    { path: 'billingAddress', address: billingAddress },
  ]);
  return { shippingAddress, billingAddress };
}
