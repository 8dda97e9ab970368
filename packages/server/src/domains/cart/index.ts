// The cart domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { cartRoutes } from './cart.routes.js';
export { cartByIdRoutes } from './cart-by-id.routes.js';
export { CartMemo } from './cart-memo.js';
export { mergeCartsOnLogin } from './cart-merge.service.js';
