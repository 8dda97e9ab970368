import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/client.js';
import { listPayments } from '../../payments/index.js';
import { downloadLinks } from '../downloads/downloads.service.js';
import { fulfillmentOut } from '../fulfillments/fulfillments.mapper.js';
import { listFulfillments } from '../fulfillments/fulfillments.service.js';
import { orderOut } from '../orders.mapper.js';
import { orderTransactionsOut } from '../refunds/refunds.mapper.js';
import { listRefunds } from '../refunds/refunds.service.js';
import { OrderLinkParams, OrderLinkQuery, OrderLinkResponse } from './order-links.contract.js';
import { orderByAccessKey } from './order-links.service.js';

/**
 * The order behind an e-mail's order link (ADR 042): no sign-in, the key is the credential. Read only,
 * never cached by anyone in between; a wrong key is the same 404 as an unknown order.
 */
export const orderLinkRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  publicUrl: string;
}> = async (app, { db, clock, publicUrl }) => {
  app.get(
    '/ecom/v1/order-links/:orderId',
    {
      schema: {
        summary: "Openshelf: an order opened by its e-mails' access link (no sign-in)",
        tags: ['ecom: orders'],
        params: OrderLinkParams,
        querystring: OrderLinkQuery,
        response: { 200: OrderLinkResponse },
      },
    },
    async (request, reply) => {
      const order = await orderByAccessKey(db, request.params.orderId, request.query.key);
      const [downloads, payments, refunds, fulfillments] = await Promise.all([
        downloadLinks(db, order, publicUrl, clock()),
        listPayments(db, order.id),
        listRefunds(db, order.id),
        listFulfillments(db, order.id),
      ]);
      void reply.header('cache-control', 'private, no-store');
      return {
        order: orderOut(order, {
          downloads,
          money: { payments, refundedMinor: refunds.reduce((sum, refund) => sum + refund.amountMinor, 0) },
        }),
        fulfillments: fulfillments.map(fulfillmentOut),
        orderTransactions: orderTransactionsOut(order, payments, refunds),
      };
    },
  );
};
