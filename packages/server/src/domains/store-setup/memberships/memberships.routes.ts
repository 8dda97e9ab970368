import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/client.js';
import { requireMerchant } from '../../access/index.js';
import {
  CreatePlanRequest,
  GrantMembershipRequest,
  MembershipResponse,
  MembershipsQuery,
  MembershipsResponse,
  PlanResponse,
  PlansResponse,
  UpdateMembershipRequest,
  UpdatePlanRequest,
} from '../promotions/promotions.contract.js';
import { Converter, membershipOut, planIn, planOut } from '../setup.mapper.js';
import { EmptyResponse, IdParams } from '../store-setup.contract.js';
import {
  createMembershipPlan,
  deleteMembership,
  deleteMembershipPlan,
  grantMembership,
  listMembershipPlans,
  listMemberships,
  updateMembership,
  updateMembershipPlan,
} from './memberships.service.js';

/** Membership plans and members' memberships (admin API, any merchant key). */
export const membershipRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  /** The store currency now (set in the admin, else STORE_CURRENCY). */
  storeCurrency: () => string;
}> = async (app, { db, clock, storeCurrency: currency }) => {
  const preHandler = requireMerchant();
  const base = '/admin-api/v1';

  const membershipTags = ['admin: memberships'];
  app.get(
    `${base}/membership-plans`,
    {
      schema: { summary: 'Membership plans', tags: membershipTags, response: { 200: PlansResponse } },
      preHandler,
    },
    async () => ({
      membershipPlans: (await listMembershipPlans(db)).map((plan) => planOut(plan, currency())),
    }),
  );
  app.post(
    `${base}/membership-plans`,
    {
      schema: {
        summary: 'Create a membership plan',
        tags: membershipTags,
        body: CreatePlanRequest,
        response: { 200: PlanResponse },
      },
      preHandler,
    },
    async (request) => ({
      membershipPlan: planOut(
        await createMembershipPlan(db, planIn(request.body.membershipPlan, new Converter(currency()))),
        currency(),
      ),
    }),
  );
  app.patch(
    `${base}/membership-plans/:id`,
    {
      schema: {
        summary: 'Change a membership plan',
        tags: membershipTags,
        params: IdParams,
        body: UpdatePlanRequest,
        response: { 200: PlanResponse },
      },
      preHandler,
    },
    async (request) => ({
      membershipPlan: planOut(
        await updateMembershipPlan(
          db,
          request.params.id,
          planIn(request.body.membershipPlan, new Converter(currency())),
        ),
        currency(),
      ),
    }),
  );
  app.delete(
    `${base}/membership-plans/:id`,
    {
      schema: {
        summary: 'Delete a membership plan',
        tags: membershipTags,
        params: IdParams,
        response: { 200: EmptyResponse },
      },
      preHandler,
    },
    async (request) => {
      await deleteMembershipPlan(db, request.params.id);
      return {};
    },
  );
  app.get(
    `${base}/memberships`,
    {
      schema: {
        summary: "Members' memberships",
        tags: membershipTags,
        querystring: MembershipsQuery,
        response: { 200: MembershipsResponse },
      },
      preHandler,
    },
    async (request) => ({
      memberships: (
        await listMemberships(db, request.query.memberId ? { memberId: request.query.memberId } : {})
      ).map(membershipOut),
    }),
  );
  app.post(
    `${base}/memberships`,
    {
      schema: {
        summary: 'Give a member a membership',
        tags: membershipTags,
        body: GrantMembershipRequest,
        response: { 200: MembershipResponse },
      },
      preHandler,
    },
    async (request) => ({
      membership: membershipOut(await grantMembership(db, { ...request.body.membership, now: clock() })),
    }),
  );
  app.patch(
    `${base}/memberships/:id`,
    {
      schema: {
        summary: 'Change a membership',
        tags: membershipTags,
        params: IdParams,
        body: UpdateMembershipRequest,
        response: { 200: MembershipResponse },
      },
      preHandler,
    },
    async (request) => ({
      membership: membershipOut(await updateMembership(db, request.params.id, request.body.membership)),
    }),
  );
  app.delete(
    `${base}/memberships/:id`,
    {
      schema: {
        summary: 'End a membership',
        tags: membershipTags,
        params: IdParams,
        response: { 200: EmptyResponse },
      },
      preHandler,
    },
    async (request) => {
      await deleteMembership(db, request.params.id);
      return {};
    },
  );
};
