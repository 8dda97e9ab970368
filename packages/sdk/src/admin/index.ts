/**
 * The merchant (admin) client of @openshelf/sdk: `createAdminClient` and the shapes of the admin API.
 * @packageDocumentation
 */
export type {
  Adjustment,
  BulkField,
  BulkResult,
  Collection,
  CollectionInput,
  MediaItem,
  PriceData,
  Product,
  ProductInput,
  ProductListParams,
  ProductOptionInput,
  ProductPage,
  Variant,
  VariantInput,
  VariantStock,
  VariantUpdate,
} from './catalog-types.js';
export {
  type AdminClient,
  type AdminClientOptions,
  type AdminCredentials,
  createAdminClient,
} from './client.js';
export type { OrderAction } from './commerce.js';
export { type SalesDay, type SalesSummary, toMinorUnits } from './dashboard.js';
export type * from './types.js';
