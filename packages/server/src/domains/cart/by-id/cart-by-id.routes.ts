import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidField } from '../../../lib/http/errors.js';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { requireCaller } from '../../access/index.js';
import { CartByIdRequest, CartIdParams, CartResponse } from '../cart.contract.js';
import { type CartDeps, cartHttp } from '../cart.http.js';
import { cartOut } from '../cart.mapper.js';
import { memberOwner, visitorOwner } from '../cart-owner.types.js';
import { cartUpdateIn } from '../cart-update-in.mapper.js';
import { createCartFor, getCartById, updateCartById } from './cart-by-id.service.js';

/**
 * The protocol's elevated cart calls (the `cart` module: createCart, getCart, updateCart by id), for
 * merchant and app keys: they can set merchant discounts, custom lines and catalog overrides on a
 * shopper's cart. `/current` stays the shopper's own (its static route wins over `/:id`).
 */
const merchantCartRoutes: FastifyPluginAsyncTypebox<CartDeps> = async (app, deps) => {
  const http = cartHttp(deps);
  const { db, env } = http;
  const tags = ['ecom: carts (merchant)'];
  const preHandler = requireCaller(['staff', 'app']);
  const reply = { 200: CartResponse };

  app.post(
    '',
    {
      schema: {
        summary: "Create a shopper's cart (merchant and app keys; cartInfo.buyerInfo names the shopper)",
        tags,
        body: CartByIdRequest,
        response: reply,
      },
      preHandler,
    },
    async (request) => {
      const buyer = request.body.cartInfo?.buyerInfo;
      if (!buyer?.visitorId === !buyer?.memberId)
        throw invalidField(
          'cartInfo.buyerInfo',
          'ONE_OF_ALIGNMENT',
          'give exactly one of visitorId or memberId: a cart here is a shopper’s current cart',
        );
      const owner = buyer?.memberId ? memberOwner(buyer.memberId) : visitorOwner(buyer?.visitorId as string);
      const view = await createCartFor(
        db,
        owner,
        await cartUpdateIn(request.body, http, request),
        http.ctx(request),
      );
      return { cart: cartOut(view) };
    },
  );

  app.get(
    '/:id',
    {
      schema: { summary: 'Get a cart by id', tags, params: CartIdParams, response: reply },
      preHandler,
    },
    async (request) => ({
      cart: cartOut(await getCartById(db, env, request.params.id, http.now())),
    }),
  );
  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Update a cart by id (merchant discounts, custom lines, coupon, info, lines)',
        tags,
        params: CartIdParams,
        body: CartByIdRequest,
        response: reply,
      },
      preHandler,
    },
    async (request) => {
      if (request.body.cartInfo?.buyerInfo)
        throw invalidField(
          'cartInfo.buyerInfo',
          'FIELD_NOT_ALLOWED',
          'a cart keeps its shopper; leave buyerInfo out of an update',
        );
      const view = await updateCartById(
        db,
        request.params.id,
        await cartUpdateIn(request.body, http, request),
        http.ctx(request),
      );
      return { cart: cartOut(view) };
    },
  );
};

/** Carts by id on the protocol clients' path and the spec's. */
export const cartByIdRoutes: FastifyPluginAsyncTypebox<CartDeps> = (app, deps) =>
  mountOnPrefixes(app, merchantCartRoutes, deps, ['/ecom/v1/carts', '/v1/carts']);
