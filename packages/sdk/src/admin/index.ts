/**
 * The merchant (admin) client of @openshelf/sdk: `createAdminClient` and the shapes of the admin API.
 * @packageDocumentation
 */
// Products, collections, variants and orders are the SDK's generated entities (../entities/).

export type * from './access-types.js';
export type {
  Adjustment,
  BulkField,
  BulkResult,
  CollectionInput,
  ProductInput,
  ProductListParams,
  ProductOptionInput,
  ProductPage,
  VariantInput,
  VariantStockInput,
  VariantUpdate,
} from './catalog-types.js';
export {
  type AdminClient,
  type AdminClientOptions,
  type AdminCredentials,
  createAdminClient,
} from './client.js';
export type { OrderAction } from './commerce.js';
export type { Customer, CustomerNote, CustomerOrder } from './customers.js';
export { type SalesDay, type SalesSummary, toMinorUnits } from './dashboard.js';
export type { EmailKind, EmailPreview } from './emails.js';
export type { MailboxMessage } from './mailbox.js';
export type * from './types.js';
