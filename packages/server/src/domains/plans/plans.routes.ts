import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import Type from 'typebox';
import type { Db } from '../../db/client.js';
import { invalidField } from '../../lib/http/errors.js';
import { toWireMoney } from '../../lib/money.js';
import { requireCaller } from '../access/index.js';
import { actorOf } from '../events/index.js';
import { getMemberSummary } from '../identity/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { paymentMethodIn } from '../payments/index.js';
import type { PricingEnv } from '../pricing/index.js';
import { listMemberships, type MembershipPlan } from '../store-setup/index.js';
import {
  MyMembershipsResponse,
  type PublicPlanOut,
  PublicPlanResponse,
  PublicPlansResponse,
  PurchasePlanRequest,
  PurchasePlanResponse,
} from './plans.contract.js';
import { listPlansOnSale, planOnSale, purchasePlan } from './plans.service.js';

const BASE = '/_api/plans/v1';
const PlanParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** Plans on sale (anyone), buying one and the member's memberships (members). */
export const planRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  pricing: PricingEnv;
  providers: PaymentProviders;
}> = async (app, { db, clock, pricing, providers }) => {
  const tags = ['plans'];
  const out = (plan: MembershipPlan): Static<typeof PublicPlanOut> => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    perks: plan.perks,
    price: toWireMoney(plan.priceMinor, pricing.currency),
    ...(plan.credits !== undefined ? { credits: plan.credits } : {}),
    ...(plan.durationDays !== undefined ? { durationDays: plan.durationDays } : {}),
    productIds: plan.productIds,
    ...(plan.maxPurchasesPerBuyer !== undefined ? { maxPurchasesPerBuyer: plan.maxPurchasesPerBuyer } : {}),
    createdDate: plan.createdDate,
    updatedDate: plan.updatedDate,
  });

  app.get(
    `${BASE}/plans`,
    { schema: { summary: 'Plans on sale', tags, response: { 200: PublicPlansResponse } } },
    async () => ({ plans: (await listPlansOnSale(db)).map(out) }),
  );

  app.get(
    `${BASE}/plans/:id`,
    {
      schema: { summary: 'A plan on sale', tags, params: PlanParams, response: { 200: PublicPlanResponse } },
    },
    async (request) => ({ plan: out(await planOnSale(db, request.params.id)) }),
  );

  app.post(
    `${BASE}/plans/:id/purchase`,
    {
      schema: {
        summary: 'Buy a plan: an order with one plan line; paid → the membership at once',
        tags,
        params: PlanParams,
        body: PurchasePlanRequest,
        response: { 200: PurchasePlanResponse },
      },
      preHandler: requireCaller(['member']),
    },
    async (request) => {
      const caller = request.caller;
      if (caller.kind !== 'member') throw new Error('requireCaller admits members only');
      const buyerEmail =
        request.body.buyerEmail ?? (await getMemberSummary(db, caller.memberId))?.email ?? undefined;
      if (!buyerEmail)
        throw invalidField('buyerEmail', 'REQUIRED_FIELD', 'is required: the order e-mail goes there');
      const purchase = await purchasePlan(
        db,
        {
          planId: request.params.id,
          memberId: caller.memberId,
          visitorId: caller.visitorId,
          buyerEmail,
          method: request.body.paymentMethod
            ? paymentMethodIn(request.body.paymentMethod)
            : { type: 'OFFLINE' },
          idempotencyKey: request.body.idempotencyKey,
        },
        { env: pricing, actor: actorOf(caller), now: clock(), providers },
      );
      return { ...purchase, planOrderId: purchase.orderId };
    },
  );

  app.get(
    `${BASE}/memberships`,
    {
      schema: { summary: "The member's memberships", tags, response: { 200: MyMembershipsResponse } },
      preHandler: requireCaller(['member']),
    },
    async (request) => {
      const caller = request.caller;
      if (caller.kind !== 'member') throw new Error('requireCaller admits members only');
      const memberships = await listMemberships(db, { memberId: caller.memberId });
      return {
        memberships: memberships.map(
          ({ memberId: _memberId, updatedDate: _updated, ...membership }) => membership,
        ),
      };
    },
  );
};
