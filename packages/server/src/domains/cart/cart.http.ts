import type { FastifyRequest } from 'fastify';
import { type EcomDeps, ecomHttp } from '../pricing/index.js';
import type { CartMemo } from './cart-memo.cache.js';

/** What the cart routes take from the app: the ecom slice and the app's remembered cart rows. */
export interface CartDeps extends EcomDeps {
  cartMemo: CartMemo;
}

/** The ecom routes' helpers, with the app's cart memo in every call's context. */
export function cartHttp(deps: CartDeps) {
  const http = ecomHttp(deps);
  return {
    ...http,
    memo: deps.cartMemo,
    ctx: (request: FastifyRequest) => ({ ...http.ctx(request), memo: deps.cartMemo }),
  };
}
