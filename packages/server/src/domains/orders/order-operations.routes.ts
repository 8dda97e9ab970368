import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { requireCaller, requireMerchant } from '../access/index.js';
import type { LocalCatalogChanges } from '../catalog/index.js';
import { actorOf } from '../events/index.js';
import { listPayments, type PaymentProviders } from '../payments/index.js';
import { addMerchantNote } from './activities.service.js';
import {
  CreateFulfillmentRequest,
  FulfillmentOrderParams,
  FulfillmentParams,
  OrderWithFulfillmentsResponse,
  UpdateFulfillmentRequest,
} from './fulfillments/fulfillments.contract.js';
import { fulfillmentOut } from './fulfillments/fulfillments.mapper.js';
import {
  createFulfillment,
  deleteFulfillment,
  listFulfillments,
  updateFulfillment,
} from './fulfillments/fulfillments.service.js';
import { merchantOrderReply } from './merchant-order.service.js';
import { AddActivityRequest, OrderIdParams, OrderResponse } from './orders.contract.js';
import { getOrder } from './orders-read.service.js';
import {
  OrderIdOnlyParams,
  OrderTransactionsResponse,
  RefundPaymentsRequest,
  RefundPaymentsResponse,
} from './refunds/refunds.contract.js';
import { orderTransactionsOut, refundOut } from './refunds/refunds.mapper.js';
import { listRefunds, refundOrder } from './refunds/refunds.service.js';

/**
 * What happens to an order after it was placed, in the protocol's shapes: refunds (Order Billing and
 * Order Transactions APIs), shipments (Order Fulfillments API) and the merchant's notes on the timeline
 * (docs/api/refunds-fulfilments.md).
 */
export const orderOperationsRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  catalogChanges: Pick<LocalCatalogChanges, 'committed'>;
  providers: PaymentProviders;
}> = async (app, { db, clock, catalogChanges, providers }) => {
  const merchant = requireMerchant();
  const anyone = requireCaller(['visitor', 'member', 'staff', 'app']);
  const tags = ['ecom: refunds and fulfillments'];

  async function transactionsOf(orderId: string, caller: Parameters<typeof getOrder>[2]) {
    const order = await getOrder(db, orderId, caller);
    const [payments, refunds] = await Promise.all([listPayments(db, order.id), listRefunds(db, order.id)]);
    return orderTransactionsOut(order, payments, refunds);
  }

  app.post(
    '/ecom/v1/order-billing/refund-payments',
    {
      schema: {
        summary: 'Refund an order: lines × quantities, shipping or an amount; restock; e-mail the buyer',
        tags,
        body: RefundPaymentsRequest,
        response: { 200: RefundPaymentsResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      const body = request.body;
      const restockInfo = body.sideEffects?.restockInfo;
      const { refund, restocked, order } = await refundOrder(
        db,
        {
          orderId: body.orderId,
          ...(body.paymentRefunds ? { amount: body.paymentRefunds[0]?.amount } : {}),
          items: body.details?.items ?? [],
          shippingIncluded: body.details?.shippingIncluded ?? false,
          restock: { type: restockInfo?.type ?? 'NO_ITEMS', items: restockInfo?.items ?? [] },
          ...(body.details?.reason?.trim() ? { reason: body.details.reason.trim() } : {}),
          sendEmail: body.sideEffects?.sendOrderRefundedEmail ?? true,
          ...(body.dryRun ? { dryRun: true } : {}),
        },
        { actor: actorOf(request.caller), now: clock(), providers },
      );
      // Stock put back, committed: this process's shoppers must see it at once.
      if (restocked) catalogChanges.committed();
      const orderTransactions = await transactionsOf(body.orderId, request.caller);
      return { refund: refundOut(refund, order), orderTransactions };
    },
  );

  app.get(
    '/ecom/v1/payments/orders/:orderId',
    {
      schema: {
        summary: "An order's payments, refunds and what is left to refund (buyers: their own orders)",
        tags,
        params: OrderIdOnlyParams,
        response: { 200: OrderTransactionsResponse },
      },
      // The buyer's order page lists how it was paid and refunded, as the admin does; getOrder keeps
      // each buyer to their own orders (another's answers as a missing one).
      preHandler: anyone,
    },
    async (request) => ({ orderTransactions: await transactionsOf(request.params.orderId, request.caller) }),
  );

  async function withFulfillments(orderId: string) {
    const rows = await listFulfillments(db, orderId);
    return { orderWithFulfillments: { orderId, fulfillments: rows.map(fulfillmentOut) } };
  }
  const ctxOf = (caller: Parameters<typeof actorOf>[0]) => ({ actor: actorOf(caller), now: clock() });

  app.get(
    '/ecom/v1/fulfillments/orders/:orderId',
    {
      schema: {
        summary: "An order's shipments (buyers: their own orders)",
        tags,
        params: FulfillmentOrderParams,
        response: { 200: OrderWithFulfillmentsResponse },
      },
      preHandler: anyone,
    },
    async (request) => {
      const order = await getOrder(db, request.params.orderId, request.caller);
      return withFulfillments(order.id);
    },
  );

  app.post(
    '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment',
    {
      schema: {
        summary: 'Ship lines of an order, with carrier and tracking',
        tags,
        params: FulfillmentOrderParams,
        body: CreateFulfillmentRequest,
        response: { 200: OrderWithFulfillmentsResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      const { fulfillment } = request.body;
      await createFulfillment(
        db,
        {
          orderId: request.params.orderId,
          lines: fulfillment.lineItems.map((line) => ({ lineItemId: line.id, quantity: line.quantity })),
          tracking: fulfillment.trackingInfo ?? {},
        },
        ctxOf(request.caller),
      );
      return withFulfillments(request.params.orderId);
    },
  );

  app.patch(
    '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId',
    {
      schema: {
        summary: "Change a shipment's lines or tracking",
        tags,
        params: FulfillmentParams,
        body: UpdateFulfillmentRequest,
        response: { 200: OrderWithFulfillmentsResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      const { fulfillment } = request.body;
      await updateFulfillment(
        db,
        {
          ...request.params,
          ...(fulfillment.lineItems
            ? {
                lines: fulfillment.lineItems.map((line) => ({
                  lineItemId: line.id,
                  quantity: line.quantity,
                })),
              }
            : {}),
          ...(fulfillment.trackingInfo ? { tracking: fulfillment.trackingInfo } : {}),
        },
        ctxOf(request.caller),
      );
      return withFulfillments(request.params.orderId);
    },
  );

  app.delete(
    '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId',
    {
      schema: {
        summary: 'Delete a shipment (its units count as not shipped again)',
        tags,
        params: FulfillmentParams,
        response: { 200: OrderWithFulfillmentsResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      await deleteFulfillment(db, request.params, ctxOf(request.caller));
      return withFulfillments(request.params.orderId);
    },
  );

  app.post(
    '/ecom/v1/orders/:id/activities',
    {
      schema: {
        summary: "Add a merchant's note to the order's timeline",
        tags: ['ecom: orders'],
        params: OrderIdParams,
        body: AddActivityRequest,
        response: { 200: OrderResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      await addMerchantNote(db, {
        orderId: request.params.id,
        message: request.body.activity.merchantComment.message,
        actor: actorOf(request.caller),
        now: clock(),
      });
      return merchantOrderReply(db, await getOrder(db, request.params.id, request.caller));
    },
  );
};
