import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Db } from '../../db/client.js';
import { compileContract } from '../../lib/http/contract.js';
import { invalidField, ValidationFailed } from '../../lib/http/errors.js';
import { rejectDeepNesting } from '../../lib/http/nesting.js';
import { decodeQueryParam } from '../../lib/http/wire.js';
import { resolvePaging } from '../../lib/paging.js';
import { requireCaller } from '../access/index.js';
import {
  CANCELLATION_EFFECTIVE_AT,
  cancelMemberPlanOrder,
  getMemberPlanOrder,
  listMemberPlanOrders,
} from './member-plan-orders.service.js';
import { PLATFORM_ORDER_STATUSES, PLATFORM_PAYMENT_STATUSES } from './plan-order.mapper.js';

/*
 * A member's own plan orders on the platform's wire (`@wix/pricing-plans` `orders`): `memberListOrders`,
 * `memberGetOrder` and `requestCancellation`. Members only: a visitor's token is 403 PERMISSION_DENIED,
 * no token 401 UNAUTHENTICATED, as the platform answers a call that needs a member.
 */

const enumOf = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));
const OrNull = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Boolean>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * The call's options, sent as plain query parameters, or — whenever one is nested, as `sorting` is — as
 * the whole of them in `.r` (base64url JSON). Undeclared options in `.r` are refused, not ignored.
 */
const ListOptions = Type.Object(
  {
    planIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
    autoRenewCanceled: OrNull(Type.Boolean()),
    orderStatuses: Type.Optional(Type.Array(enumOf(PLATFORM_ORDER_STATUSES), { maxItems: 10 })),
    paymentStatuses: Type.Optional(Type.Array(enumOf(PLATFORM_PAYMENT_STATUSES), { maxItems: 10 })),
    // The platform's page is 1 to 50 orders (50 by default).
    limit: OrNull(Type.Integer({ minimum: 1, maximum: 50 })),
    offset: OrNull(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    sorting: Type.Optional(
      Type.Object(
        {
          fieldName: Type.String({ minLength: 1, maxLength: 100 }),
          order: Type.Optional(enumOf(['ASC', 'DESC'])),
        },
        { additionalProperties: false },
      ),
    ),
    fieldSet: Type.Optional(enumOf(['UNKNOWN_SET', 'BASIC', 'FULL'])),
  },
  { additionalProperties: false },
);
const checkListOptions = compileContract(ListOptions);
const FLAT_OPTIONS = [
  'planIds',
  'autoRenewCanceled',
  'orderStatuses',
  'paymentStatuses',
  'limit',
  'offset',
  'fieldSet',
] as const;
const SORTABLE = { createdDate: 'createdDate', updatedDate: 'updatedDate' } as const;

function listOptionsOf(query: Record<string, unknown>) {
  let options: Record<string, unknown>;
  if (query['.r'] !== undefined) {
    const decoded = decodeQueryParam(query['.r']);
    rejectDeepNesting(decoded);
    if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded))
      throw invalidField('.r', 'VALIDATION', 'must hold a JSON object of the call’s options');
    options = decoded as Record<string, unknown>;
  } else {
    // Plain parameters; others (a client's own, a repeated path parameter) are not this call's.
    options = Object.fromEntries(FLAT_OPTIONS.filter((key) => key in query).map((key) => [key, query[key]]));
    const fieldName = query['sorting.fieldName'];
    if (fieldName !== undefined || query['sorting.order'] !== undefined)
      options.sorting = {
        fieldName,
        ...(query['sorting.order'] !== undefined ? { order: query['sorting.order'] } : {}),
      };
  }
  const checked = checkListOptions(options);
  if (!checked.ok) throw new ValidationFailed(checked.violations);
  const { sorting, limit, offset, planIds, orderStatuses, paymentStatuses, autoRenewCanceled } =
    checked.value;
  let sort: { fieldName: 'createdDate' | 'updatedDate'; order: 'ASC' | 'DESC' } | undefined;
  if (sorting) {
    const field = SORTABLE[sorting.fieldName.replace(/^_/, '') as keyof typeof SORTABLE];
    if (!field)
      throw invalidField(
        'sorting.fieldName',
        'VALIDATION',
        `plan orders sort by ${Object.keys(SORTABLE).join(' or ')}`,
      );
    // The platform's default direction.
    sort = { fieldName: field, order: (sorting.order as 'ASC' | 'DESC' | undefined) ?? 'ASC' };
  }
  return {
    planIds,
    statuses: orderStatuses,
    paymentStatuses,
    autoRenewCanceled: autoRenewCanceled ?? undefined,
    sorting: sort,
    paging: resolvePaging({
      ...(typeof limit === 'number' ? { limit } : {}),
      ...(typeof offset === 'number' ? { offset } : {}),
    }),
  };
}

export const memberPlanOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const tags = ['pricing plans'];
  const member = requireCaller(['member']);
  const memberIdOf = (caller: { kind: string; memberId?: string }) => {
    if (caller.kind !== 'member' || !caller.memberId) throw new Error('requireCaller admits members only');
    return caller.memberId;
  };
  const OrderParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

  app.get(
    '',
    {
      schema: {
        summary:
          "The member's plan orders (memberListOrders): planIds, orderStatuses, paymentStatuses, sorting",
        tags,
        querystring: Type.Object({
          '.r': Type.Optional(
            Type.String({ description: 'base64url JSON of the options, when one is nested' }),
          ),
        }),
        response: {
          200: Type.Object({ orders: Type.Array(Type.Unknown()), pagingMetadata: Type.Unknown() }),
        },
      },
      preHandler: member,
    },
    async (request) =>
      listMemberPlanOrders(db, {
        memberId: memberIdOf(request.caller),
        ...listOptionsOf(request.query as Record<string, unknown>),
        now: clock(),
      }),
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: "One of the member's plan orders (memberGetOrder); another's is 404 NOT_FOUND",
        tags,
        params: OrderParams,
        querystring: Type.Object({ fieldSet: Type.Optional(enumOf(['UNKNOWN_SET', 'BASIC', 'FULL'])) }),
        response: { 200: Type.Object({ order: Type.Unknown() }) },
      },
      preHandler: member,
    },
    async (request) => ({
      order: await getMemberPlanOrder(db, {
        memberId: memberIdOf(request.caller),
        orderId: request.params.id,
        now: clock(),
      }),
    }),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        summary: 'The member cancels their plan order (requestCancellation): IMMEDIATELY only',
        tags,
        params: OrderParams,
        body: Type.Object({
          id: Type.Optional(Type.String({ maxLength: 100 })),
          effectiveAt: Type.Optional(enumOf(CANCELLATION_EFFECTIVE_AT)),
        }),
        response: { 200: Type.Object({}) },
      },
      preHandler: member,
    },
    async (request) => {
      await cancelMemberPlanOrder(db, {
        memberId: memberIdOf(request.caller),
        orderId: request.params.id,
        effectiveAt: request.body.effectiveAt as (typeof CANCELLATION_EFFECTIVE_AT)[number] | undefined,
        now: clock(),
      });
      return {};
    },
  );
};
