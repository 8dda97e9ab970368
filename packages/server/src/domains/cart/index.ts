// The cart domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.

export { cartByIdRoutes } from './by-id/cart-by-id.routes.js';
export { CartMemo } from './cart-memo.cache.js';
export { cartRoutes } from './current/cart.routes.js';
export { mergeCartsOnLogin } from './merge/cart-merge.service.js';
