// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* The merchant order list: its filters, and the paging metadata every admin list answers with. */

/** Which orders to list, newest first. */
export interface OrderListParams {
  /** Page size (default 50) */
  limit?: number;
  /** Items to skip (default 0) */
  offset?: number;
  /** Order number or part of the e-mail */
  search?: string;
  status?: 'APPROVED' | 'CANCELED';
  paymentStatus?:
    | 'NOT_PAID'
    | 'AUTHORIZED'
    | 'PAID'
    | 'PARTIALLY_PAID'
    | 'VOIDED'
    | 'REFUNDED'
    | 'PARTIALLY_REFUNDED'
    | 'FULLY_REFUNDED';
  fulfillmentStatus?: 'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';
}

/** Offset paging metadata of an admin list. */
export interface ListMetadata {
  count: number;
  offset: number;
  total?: number;
  tooManyToCount: boolean;
}
