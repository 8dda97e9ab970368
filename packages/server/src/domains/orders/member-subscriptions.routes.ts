import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Db } from '../../db/client.js';
import { requireCaller } from '../../http/plugins/auth.js';
import { DateTimeOut } from '../../http/wire.js';
import { toWireMoney } from '../../lib/money.js';
import { MoneyOut } from '../checkout/wire/common.contract.js';
import type { SUBSCRIPTION_STATUSES } from './orders.schema.js';
import { listSubscriptions } from './subscriptions.service.js';

const SubscriptionOut = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  lineItemId: Type.String(),
  productId: Type.Optional(Type.String()),
  title: Type.String(),
  frequency: Type.String(),
  interval: Type.Integer(),
  billingCycles: Type.Integer({ description: 'Charges in all; 0 = until canceled' }),
  cyclesBilled: Type.Integer(),
  price: MoneyOut,
  status: Type.Unsafe<(typeof SUBSCRIPTION_STATUSES)[number]>(Type.String()),
  startDate: DateTimeOut(),
  nextBillingDate: Type.Optional(DateTimeOut({ description: 'Absent when no charge is left' })),
});

/** The member account's SUBSCRIPTIONS section (spec §3): the calling member's own subscriptions. */
export const memberSubscriptionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/ecom/v1/subscriptions/my',
    {
      schema: {
        summary: 'The calling member’s subscriptions, oldest first, with their schedule',
        tags: ['ecom: orders'],
        response: { 200: Type.Object({ subscriptions: Type.Array(SubscriptionOut) }) },
      },
      preHandler: requireCaller(['member']),
    },
    async (request) => {
      const caller = request.caller;
      if (caller.kind !== 'member') return { subscriptions: [] };
      const rows = await listSubscriptions(db, { memberId: caller.memberId });
      return {
        subscriptions: rows.map((row) => ({
          id: row.id,
          orderId: row.orderId,
          lineItemId: row.lineItemId,
          ...(row.productId ? { productId: row.productId } : {}),
          title: row.title,
          frequency: row.frequency,
          interval: row.interval,
          billingCycles: row.billingCycles,
          cyclesBilled: row.cyclesBilled,
          price: toWireMoney(row.priceMinor, row.currency),
          status: row.status,
          startDate: row.startDate,
          ...(row.nextBillingDate ? { nextBillingDate: row.nextBillingDate } : {}),
        })),
      };
    },
  );
};
