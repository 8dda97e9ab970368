import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Db } from '../../../db/client.js';
import { requireCaller, requireMerchant } from '../../access/index.js';
import { moneyOf } from '../../pricing/index.js';
import { cancelSubscription } from './subscription-billing.service.js';
import { SubscriptionOut } from './subscriptions.contract.js';
import { listSubscriptions, type SubscriptionRecord } from './subscriptions.service.js';

const SubscriptionResponse = Type.Object({ subscription: SubscriptionOut });
const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

function subscriptionOut(sub: SubscriptionRecord) {
  return {
    id: sub.id,
    orderId: sub.orderId,
    lineItemId: sub.lineItemId,
    status: sub.status,
    planId: sub.planId,
    title: sub.title,
    frequency: sub.frequency,
    interval: sub.interval,
    billingCycles: sub.billingCycles,
    cyclesBilled: sub.cyclesBilled,
    price: moneyOf(sub.currency)(sub.priceMinor),
    startDate: sub.startDate,
    ...(sub.nextBillingDate ? { nextBillingDate: sub.nextBillingDate } : {}),
    ...(sub.canceledDate ? { canceledDate: sub.canceledDate } : {}),
  };
}

/** Subscriptions (docs/api/cart-checkout-orders.md): buyers see and cancel their own; merchants any. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const tags = ['ecom: subscriptions'];
  app.get(
    '/ecom/v1/subscriptions',
    {
      schema: {
        summary: "The buyer's own subscriptions",
        tags,
        response: { 200: Type.Object({ subscriptions: Type.Array(SubscriptionOut) }) },
      },
      preHandler: requireCaller(['visitor', 'member']),
    },
    async (request) => {
      const caller = request.caller;
      const rows =
        caller.kind === 'member'
          ? await listSubscriptions(db, { memberId: caller.memberId })
          : caller.kind === 'visitor'
            ? (await listSubscriptions(db, { visitorId: caller.visitorId })).filter((sub) => !sub.memberId)
            : [];
      return { subscriptions: rows.map(subscriptionOut) };
    },
  );
  for (const [url, preHandler, who] of [
    ['/ecom/v1/subscriptions/:id/cancel', requireCaller(['visitor', 'member']), 'its buyer'],
    ['/admin-api/v1/subscriptions/:id/cancel', requireMerchant(), 'a merchant'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          summary: `Cancel a subscription (${who}): nothing more is billed`,
          tags,
          params: Params,
          response: { 200: SubscriptionResponse },
        },
        preHandler,
      },
      async (request) => ({
        subscription: subscriptionOut(
          await cancelSubscription(db, request.params.id, { caller: request.caller, now: clock() }),
        ),
      }),
    );
  }
};
