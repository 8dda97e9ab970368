// What the admin client adds to the generated shapes of the merchant API (../entities/admin-*.ts):
// names for parts of them, and its own paging arguments. Money in the admin API is a decimal string in
// the store currency ("12.50").

import type { Order } from '../entities/index.js';

/**
 * Offset paging arguments. The client's own: each list's contract spreads these into its query next to
 * its filters (OrderListParams, CustomerListParams, …), and `pagedList` accepts any of them.
 */
export interface Paging {
  limit?: number;
  offset?: number;
}

export type PaymentStatus = Order['paymentStatus'];
export type FulfillmentStatus = Order['fulfillmentStatus'];
export type OrderStatus = Order['status'];
