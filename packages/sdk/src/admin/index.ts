/**
 * The merchant (admin) client of @openshelf/sdk: `createAdminClient` and what it adds to the shapes of
 * the admin API.
 * @packageDocumentation
 */
// The shapes of the admin API are generated from the server's contracts (../entities/admin-*.ts) and
// exported with every other entity; products, collections, variants and orders are the shopper's.

export type { BulkField, ProductListParams, ProductPage } from './catalog-types.js';
export {
  type AdminClient,
  type AdminClientOptions,
  type AdminCredentials,
  createAdminClient,
} from './client.js';
export type { OrderAction } from './commerce.js';
export { type SalesDay, type SalesSummary, toMinorUnits } from './dashboard.js';
export type * from './types.js';
