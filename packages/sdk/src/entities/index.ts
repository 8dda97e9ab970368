// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Every entity type of the SDK, by use case. */

export * from './admin-access.js';
export * from './admin-catalog.js';
export * from './admin-customers.js';
export * from './admin-mail.js';
export * from './admin-orders.js';
export * from './admin-promotions.js';
export * from './admin-store-setup.js';
export * from './cart.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './common.js';
export * from './identity.js';
export * from './orders.js';
export * from './plans.js';
export * from './products.js';
export * from './totals.js';
