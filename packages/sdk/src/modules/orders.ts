// The buyer's own orders (docs/api/cart-checkout-orders.md); paid digital lines carry signed download links.

import {
  FULFILLMENT_WIRE,
  type Fulfillment,
  ORDER_TRANSACTIONS_WIRE,
  ORDER_WIRE,
  type Order,
  type OrderTransactions,
} from '../entities/index.js';
import type { QueryMetadata } from '../paging.js';
import { QueryBuilder } from '../query.js';
import { reviveEntity } from '../wire.js';
import { type ClientContext, segment } from './context.js';

/** Orders of the client's member or visitor (any order, with a merchant key). */
export interface OrdersModule {
  /**
   * An order by id; each paid digital line has `downloads: [{fileId, url, expiresAt}]`.
   *
   * @example
   * ```ts
   * const order = await client.orders.get(orderId);
   * for (const line of order.lineItems) for (const d of line.downloads ?? []) console.log(d.url);
   * ```
   */
  get(id: string): Promise<Order>;
  /**
   * Starts a query over the caller's orders (filter and sort on `number`, `status`, `paymentStatus`,
   * `fulfillmentStatus`, `createdDate`).
   *
   * @example
   * ```ts
   * const { items } = await client.orders.query().descending('createdDate').limit(10).find();
   * ```
   */
  query(): QueryBuilder<Order>;
  /**
   * The shipments of an order, with their carrier, tracking number and tracking link.
   *
   * @example
   * ```ts
   * for (const shipment of await client.orders.fulfillments(orderId)) console.log(shipment.trackingInfo?.trackingLink);
   * ```
   */
  fulfillments(orderId: string): Promise<Fulfillment[]>;
  /**
   * How an order was paid and refunded: each payment with its method ("Visa ••••4242"), amount and
   * status, and each refund (the buyer's own orders; any order with a merchant key).
   *
   * @example
   * ```ts
   * const { payments, refunds } = await client.orders.transactions(orderId);
   * for (const payment of payments) console.log(payment.method, payment.amount.formattedAmount);
   * ```
   */
  transactions(orderId: string): Promise<OrderTransactions>;
  /**
   * Openshelf: the order an e-mail's order link names (`/orders/{orderId}?key=…`), with its shipments,
   * payments and refunds; no sign-in needed, the key is the credential. A wrong key is a 404, as an
   * unknown order.
   *
   * @example
   * ```ts
   * const { order, fulfillments, transactions } = await client.orders.byLink(orderId, key);
   * ```
   */
  byLink(orderId: string, key: string): Promise<OrderByLink>;
}

/** What an order link shows: the order, its shipments, and its payments and refunds. */
export interface OrderByLink {
  order: Order;
  fulfillments: Fulfillment[];
  transactions: OrderTransactions;
}

const revive = (wire: unknown): Order => reviveEntity<Order>(wire, ORDER_WIRE);

/**
 * Creates the orders module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const orders = createOrdersModule(context);
 * ```
 */
export function createOrdersModule({ transport }: ClientContext): OrdersModule {
  return {
    async get(id) {
      const reply = await transport.request<{ order: unknown }>({
        method: 'GET',
        path: `/ecom/v1/orders/${segment(id)}`,
      });
      return revive(reply.order);
    },
    async fulfillments(orderId) {
      const reply = await transport.request<{ orderWithFulfillments: { fulfillments: unknown[] } }>({
        method: 'GET',
        path: `/ecom/v1/fulfillments/orders/${segment(orderId)}`,
      });
      return reply.orderWithFulfillments.fulfillments.map((wire) =>
        reviveEntity<Fulfillment>(wire, FULFILLMENT_WIRE),
      );
    },
    async transactions(orderId) {
      const reply = await transport.request<{ orderTransactions: unknown }>({
        method: 'GET',
        path: `/ecom/v1/payments/orders/${segment(orderId)}`,
      });
      return reviveEntity<OrderTransactions>(reply.orderTransactions, ORDER_TRANSACTIONS_WIRE);
    },
    async byLink(orderId, key) {
      const reply = await transport.request<{
        order: unknown;
        fulfillments: unknown[];
        orderTransactions: unknown;
      }>({
        method: 'GET',
        path: `/ecom/v1/order-links/${segment(orderId)}`,
        query: { key },
      });
      return {
        order: revive(reply.order),
        fulfillments: reply.fulfillments.map((wire) => reviveEntity<Fulfillment>(wire, FULFILLMENT_WIRE)),
        transactions: reviveEntity<OrderTransactions>(reply.orderTransactions, ORDER_TRANSACTIONS_WIRE),
      };
    },
    query: () =>
      new QueryBuilder<Order>(async (request) => {
        const reply = await transport.queryRequest<{ orders: unknown[]; metadata: QueryMetadata }>(
          '/ecom/v1/orders/query',
          { query: request },
        );
        return { items: reply.orders.map(revive), metadata: reply.metadata };
      }),
  };
}
