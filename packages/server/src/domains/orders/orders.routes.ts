import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { registerQueryRoute } from '../../lib/http/query-route.js';
import { pagingMetadata, resolvePaging } from '../../lib/paging.js';
import { requireCaller, requireMerchant } from '../access/index.js';
import type { LocalCatalogChanges } from '../catalog/index.js';
import { actorOf } from '../events/index.js';
import type { MediaStorage } from '../media/index.js';
import { type PaymentProviders, paymentsByOrder } from '../payments/index.js';
import { downloadLinks, openDownload } from './downloads/downloads.service.js';
import { createFulfillment } from './fulfillments/fulfillments.service.js';
import { merchantOrderReply } from './merchant-order.service.js';
import {
  DownloadParams,
  DownloadQuery,
  OrderIdParams,
  OrderResponse,
  OrdersResponse,
  QueryOrdersRequest,
  SearchOrdersQuery,
} from './orders.contract.js';
import { orderOut } from './orders.mapper.js';
import { getOrder, queryOrders, searchOrders } from './orders-read.service.js';
import { refundedByOrder } from './refunds/refunds.service.js';
import {
  cancelOrder,
  captureOrderPayment,
  markOrderPaid,
  type StatusContext,
  voidOrderPayment,
} from './status/order-status.service.js';

/**
 * Order reads for buyers (their own orders only) and merchants, the merchant's status changes, and the
 * signed download links of digital products.
 */
export const orderRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  publicUrl: string;
  catalogChanges: Pick<LocalCatalogChanges, 'committed'>;
  providers: PaymentProviders;
  storage: MediaStorage;
}> = async (app, { db, clock, publicUrl, catalogChanges, providers, storage }) => {
  const anyone = requireCaller(['visitor', 'member', 'staff', 'app']);
  const tags = ['ecom: orders'];
  /** What each order took and gave back, for its figures and balance summary. */
  async function moneyOf(ids: string[]) {
    const [payments, refunded] = await Promise.all([paymentsByOrder(db, ids), refundedByOrder(db, ids)]);
    return (id: string) => ({
      money: { payments: payments.get(id) ?? [], refundedMinor: refunded.get(id) ?? 0 },
    });
  }

  app.get(
    '/ecom/v1/orders/:id',
    {
      schema: {
        summary: 'Get an order (buyers: their own)',
        tags,
        params: OrderIdParams,
        response: { 200: OrderResponse },
      },
      preHandler: anyone,
    },
    async (request) => {
      const order = await getOrder(db, request.params.id, request.caller);
      const [downloads, money] = await Promise.all([
        downloadLinks(db, order, publicUrl, clock()),
        moneyOf([order.id]),
      ]);
      return { order: orderOut(order, { downloads, ...money(order.id) }) };
    },
  );

  registerQueryRoute(
    app,
    {
      url: '/ecom/v1/orders/query',
      body: QueryOrdersRequest,
      response: { 200: OrdersResponse },
      summary:
        'Query orders (buyers: their own; filter number, status, paymentStatus, fulfillmentStatus, createdDate)',
      tags,
      preHandler: [anyone],
    },
    async (request, body) => {
      const paging = resolvePaging(body.query?.paging);
      const result = await queryOrders(db, request.caller, {
        filter: body.query?.filter,
        sort: body.query?.sort,
        paging,
      });
      const money = await moneyOf(result.orders.map((order) => order.id));
      return {
        orders: result.orders.map((order) => orderOut(order, money(order.id))),
        metadata: pagingMetadata(result.orders.length, paging, result.total),
      };
    },
  );

  app.get(
    '/ecom/v1/downloads/:orderId/:lineItemId/:fileId',
    {
      schema: {
        summary: 'Download a file of a digital product (signed link)',
        tags,
        params: DownloadParams,
        querystring: DownloadQuery,
      },
    },
    async (request, reply) => {
      const file = await openDownload(db, storage, {
        ...request.params,
        ...request.query,
        now: clock(),
      });
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  const adminTags = ['admin: orders'];
  const merchant = requireMerchant();
  app.get(
    '/admin-api/v1/orders',
    {
      schema: {
        summary: 'Orders, newest first (search by number or e-mail)',
        tags: adminTags,
        querystring: SearchOrdersQuery,
        response: { 200: OrdersResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      const { search, status, paymentStatus, fulfillmentStatus } = request.query;
      const paging = resolvePaging(request.query);
      const result = await searchOrders(db, {
        paging,
        ...(search ? { search } : {}),
        ...(status ? { status } : {}),
        ...(paymentStatus ? { paymentStatus } : {}),
        ...(fulfillmentStatus ? { fulfillmentStatus } : {}),
      });
      const money = await moneyOf(result.orders.map((order) => order.id));
      return {
        orders: result.orders.map((order) => orderOut(order, money(order.id))),
        metadata: pagingMetadata(result.orders.length, paging, result.total),
      };
    },
  );
  app.get(
    '/admin-api/v1/orders/:id',
    {
      schema: {
        summary: 'An order with its payments',
        tags: adminTags,
        params: OrderIdParams,
        response: { 200: OrderResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      const order = await getOrder(db, request.params.id, request.caller);
      return merchantOrderReply(db, order);
    },
  );
  // Mark fulfilled is a shipment of every unit not shipped yet, so statuses and the timeline agree.
  const fulfillRest = async (database: Db, id: string, ctx: StatusContext) =>
    (await createFulfillment(database, { orderId: id, tracking: {} }, ctx)).order;
  const actions = [
    ['mark-paid', 'Mark paid (captures authorizations; records money received offline)', markOrderPaid],
    ['capture', 'Capture an authorized payment (delayCapture)', captureOrderPayment],
    ['void', 'Void an authorized payment: the card is released; the order stays open', voidOrderPayment],
    ['fulfill', 'Mark fulfilled: ships whatever is not shipped yet, without tracking', fulfillRest],
    ['cancel', 'Cancel: stock returned, gift card refunded, payments voided or refunded', cancelOrder],
  ] as const;
  for (const [action, summary, change] of actions) {
    app.post(
      `/admin-api/v1/orders/:id/${action}`,
      {
        schema: { summary, tags: adminTags, params: OrderIdParams, response: { 200: OrderResponse } },
        preHandler: merchant,
      },
      async (request) => {
        const order = await change(db, request.params.id, {
          actor: actorOf(request.caller),
          now: clock(),
          providers,
        });
        // Cancelling returned stock, committed: this process's shoppers must see it at once.
        if (change === cancelOrder) catalogChanges.committed();
        return merchantOrderReply(db, order);
      },
    );
  }
};
