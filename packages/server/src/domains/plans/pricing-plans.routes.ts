import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Db } from '../../db/client.js';
import { invalidField } from '../../lib/http/errors.js';
import { mountOnPrefixes } from '../../lib/http/prefixes.js';
import { registerQueryRoute } from '../../lib/http/query-route.js';
import { OffsetPagingSchema, resolvePaging } from '../../lib/paging.js';
import type { MembershipPlan } from '../store-setup/index.js';
import { memberPlanOrderRoutes } from './plan-orders.routes.js';
import { listPlansOnSale, planHasOrders, planOnSale } from './plans.service.js';
import { checkPlanFilter, planMatches, toV2Plan, toV3Plan } from './pricing-plans.mapper.js';

/*
 * The public `@wix/pricing-plans` reads Wix's headless templates make (`plans.queryPublicPlans`,
 * `listPublicPlans`, `getPlan`; `plansV3.queryPlans`, `getPlan`), over the plans on sale. Plans are
 * bought through `paidPlansCheckout` or as a plan line of an ecom checkout; the store edits them in its
 * admin, so the management calls (create, update, archive …) are not served here.
 */

const Sort = Type.Array(
  Type.Object({
    fieldName: Type.String({ maxLength: 100 }),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  }),
  { maxItems: 3 },
);
const PlansReply = Type.Object({ plans: Type.Array(Type.Unknown()), pagingMetadata: Type.Unknown() });
const PlanReply = Type.Object({ plan: Type.Unknown() });
const SORTABLE: Record<string, (plan: MembershipPlan) => string | number> = {
  name: (plan) => plan.name,
  createdDate: (plan) => plan.createdDate.getTime(),
  updatedDate: (plan) => plan.updatedDate.getTime(),
  id: (plan) => plan.id,
};

/** Plans on sale matching `filter`, in `sort` order (default: oldest first, as the store lists them). */
function selectPlans(
  plans: MembershipPlan[],
  filter: unknown,
  sort: { fieldName: string; order?: string }[] = [],
) {
  checkPlanFilter(filter);
  const matched = plans.filter((plan) => planMatches(plan, filter));
  sort.forEach((entry, index) => {
    if (!SORTABLE[entry.fieldName.replace(/^_/, '')])
      throw invalidField(
        `query.sort[${index}].fieldName`,
        'VALIDATION',
        `plans sort by ${Object.keys(SORTABLE).join(', ')}`,
      );
  });
  return [...matched].sort((a, b) => {
    for (const entry of sort) {
      const key = SORTABLE[entry.fieldName.replace(/^_/, '')] as (plan: MembershipPlan) => string | number;
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * (entry.order === 'DESC' ? -1 : 1);
    }
    return 0;
  });
}

function offsetPage<T>(items: T[], paging: { limit: number; offset: number }) {
  const page = items.slice(paging.offset, paging.offset + paging.limit);
  return {
    page,
    pagingMetadata: { count: page.length, offset: paging.offset, total: items.length, tooManyToCount: false },
  };
}

// v3 cursors: the offset of the next page, opaque to the caller.
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');
function decodeCursor(cursor: string): number {
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // refused below
  }
  throw invalidField('query.cursorPaging.cursor', 'VALIDATION', 'is not a cursor this server gave out');
}

/** `GET <url with :id>`: one plan on sale in a generation's shape; 404 PLAN_NOT_FOUND otherwise. */
function registerPlanRead(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  options: {
    url: string;
    call: string;
    db: Db;
    currency: () => string;
    shape: (plan: MembershipPlan, currency: string) => unknown | Promise<unknown>;
  },
) {
  app.get(
    options.url,
    {
      schema: {
        summary: `A plan on sale (${options.call}); 404 PLAN_NOT_FOUND otherwise`,
        tags: ['pricing plans'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: PlanReply },
      },
    },
    async (request) => ({
      plan: await options.shape(await planOnSale(options.db, request.params.id), options.currency()),
    }),
  );
}

const v2Plans: FastifyPluginAsyncTypebox<{ db: Db; currency: () => string }> = async (
  app,
  { db, currency },
) => {
  const tags = ['pricing plans'];
  app.get(
    '/public',
    {
      schema: {
        summary: 'Plans on sale (listPublicPlans)',
        tags,
        querystring: Type.Object({
          limit: OffsetPagingSchema.properties.limit,
          offset: OffsetPagingSchema.properties.offset,
          planIds: Type.Optional(
            Type.Union([
              Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
              Type.String({ maxLength: 100 }),
            ]),
          ),
        }),
        response: { 200: PlansReply },
      },
    },
    async (request) => {
      const { planIds, ...paging } = request.query;
      const ids = planIds === undefined ? undefined : Array.isArray(planIds) ? planIds : [planIds];
      const plans = selectPlans(await listPlansOnSale(db), ids ? { id: { $in: ids } } : undefined);
      const { page, pagingMetadata } = offsetPage(plans, resolvePaging(paging));
      return { plans: page.map((plan) => toV2Plan(plan, currency())), pagingMetadata };
    },
  );

  registerQueryRoute(
    app,
    {
      url: '/public/query',
      summary: 'Query the plans on sale (queryPublicPlans)',
      tags,
      body: Type.Object({
        query: Type.Optional(
          Type.Object({
            filter: Type.Optional(Type.Unknown()),
            sort: Type.Optional(Sort),
            paging: Type.Optional(OffsetPagingSchema),
          }),
        ),
      }),
      response: { 200: PlansReply },
    },
    async (_request, body) => {
      const query = body.query ?? {};
      const plans = selectPlans(await listPlansOnSale(db), query.filter, query.sort);
      const { page, pagingMetadata } = offsetPage(plans, resolvePaging(query.paging));
      return { plans: page.map((plan) => toV2Plan(plan, currency())), pagingMetadata };
    },
  );

  // The v2 `Plan` of getPlan (not the `PublicPlan` of the lists) also says whether the plan has orders.
  registerPlanRead(app, {
    url: '/:id',
    call: 'getPlan',
    db,
    currency,
    shape: async (plan) => ({ ...toV2Plan(plan, currency()), hasOrders: await planHasOrders(db, plan.id) }),
  });
};

const v3Plans: FastifyPluginAsyncTypebox<{ db: Db; currency: () => string }> = async (
  app,
  { db, currency },
) => {
  const tags = ['pricing plans'];
  registerQueryRoute(
    app,
    {
      url: '/plans/query',
      summary: 'Query the plans on sale (plansV3.queryPlans), cursor paging',
      tags,
      body: Type.Object({
        query: Type.Optional(
          Type.Object({
            filter: Type.Optional(Type.Unknown()),
            sort: Type.Optional(Sort),
            cursorPaging: Type.Optional(
              Type.Object({
                limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
                cursor: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
              }),
            ),
          }),
        ),
      }),
      response: { 200: PlansReply },
    },
    async (_request, body) => {
      const query = body.query ?? {};
      const limit = query.cursorPaging?.limit ?? 50;
      const offset = query.cursorPaging?.cursor ? decodeCursor(query.cursorPaging.cursor) : 0;
      const plans = selectPlans(await listPlansOnSale(db), query.filter, query.sort);
      const page = plans.slice(offset, offset + limit);
      const hasNext = offset + page.length < plans.length;
      return {
        plans: page.map((plan) => toV3Plan(plan, currency())),
        pagingMetadata: {
          count: page.length,
          cursors: hasNext ? { next: encodeCursor(offset + page.length) } : {},
          hasNext,
        },
      };
    },
  );

  registerPlanRead(app, { url: '/plans/:id', call: 'plansV3.getPlan', db, currency, shape: toV3Plan });
};

/** The pricing-plans calls under the prefixes the public clients resolve to. */
export const pricingPlansRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  /** The store currency now (set in the admin, else STORE_CURRENCY). */
  currency: () => string;
  clock: () => Date;
}> = async (app, options) => {
  await mountOnPrefixes(app, v2Plans, options, ['/pricing-plans/v2/plans', '/_api/pricing-plans/v2/plans']);
  await mountOnPrefixes(app, v3Plans, options, ['/pricing-plans/v3', '/_api/pricing-plans/v3']);
  await mountOnPrefixes(app, memberPlanOrderRoutes, options, [
    '/pricing-plans/v2/member/orders',
    '/_api/pricing-plans-member-orders/v2/member/orders',
  ]);
};
