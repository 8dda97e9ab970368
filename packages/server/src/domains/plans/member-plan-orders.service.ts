import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { AppError, invalidField } from '../../lib/http/errors.js';
import { orderStatusOf, soldOrders } from '../orders/index.js';
import {
  endMembership,
  findMembershipPlan,
  listMembershipPlans,
  listMemberships,
} from '../store-setup/index.js';
import {
  type Membership,
  type Purchase,
  planOrderStatus,
  toWirePlanOrder,
  type WirePlanOrder,
} from './plan-order.mapper.js';
import { planPurchases } from './plans.schema.js';

/*
 * A member's own plan orders as the public `@wix/pricing-plans` `orders` module reads and cancels them
 * (`memberListOrders`, `memberGetOrder`, `requestCancellation`). A member has a handful of plan orders,
 * so the platform's statuses (derived from the order, its payment and its membership) are filtered,
 * sorted and paged over all of them.
 */

function planOrderNotFound(id: string): AppError {
  return new AppError('NOT_FOUND', 'Plan order not found', {
    status: 404,
    description: `You have no plan order "${id}".`,
    data: { orderId: id },
  });
}

function cannotCancel(id: string, reason: string, description: string): AppError {
  return new AppError('FAILED_PRECONDITION', 'This plan order cannot be canceled', {
    status: 400,
    description,
    data: { orderId: id, reason },
  });
}

/** The wire orders of these purchases (a purchase whose order is gone is left out: there is nothing to show). */
async function wireOrders(db: DbOrTx, purchases: Purchase[], memberId: string, now: Date) {
  const [orders, memberships, plans] = await readTogether(
    db,
    () =>
      soldOrders(
        db,
        purchases.map((purchase) => purchase.id),
      ),
    () => listMemberships(db, { memberId }),
    () => listMembershipPlans(db),
  );
  return purchases.flatMap((purchase) => {
    const order = orders.find((candidate) => candidate.id === purchase.id);
    if (!order) return [];
    const membership = memberships.find((candidate) => candidate.id === purchase.membershipId);
    const plan = plans.find((candidate) => candidate.id === purchase.planId);
    return [toWirePlanOrder({ purchase, order, plan, membership, now })];
  });
}

export interface MemberPlanOrderList {
  memberId: string;
  planIds?: string[] | undefined;
  statuses?: string[] | undefined;
  paymentStatuses?: string[] | undefined;
  /** No plan of this store renews: `true` matches none, `false` all. */
  autoRenewCanceled?: boolean | undefined;
  sorting?: { fieldName: 'createdDate' | 'updatedDate'; order: 'ASC' | 'DESC' } | undefined;
  paging: { limit: number; offset: number };
  now: Date;
}

export async function listMemberPlanOrders(db: Db, input: MemberPlanOrderList) {
  const purchases = await db.select().from(planPurchases).where(eq(planPurchases.memberId, input.memberId));
  const wanted = purchases.filter(
    (purchase) => !input.planIds?.length || input.planIds.includes(purchase.planId),
  );
  const matched = (await wireOrders(db, wanted, input.memberId, input.now)).filter(
    (order) =>
      (!input.statuses?.length || input.statuses.includes(order.status)) &&
      (!input.paymentStatuses?.length || input.paymentStatuses.includes(order.lastPaymentStatus)) &&
      input.autoRenewCanceled !== true,
  );
  // Newest first unless the call names a sort; ties by id keep pages stable.
  const sorting = input.sorting ?? { fieldName: 'createdDate', order: 'DESC' };
  const direction = sorting.order === 'DESC' ? -1 : 1;
  matched.sort(
    (a, b) =>
      direction * (a[sorting.fieldName].localeCompare(b[sorting.fieldName]) || a.id.localeCompare(b.id)),
  );
  const page = matched.slice(input.paging.offset, input.paging.offset + input.paging.limit);
  return {
    orders: page,
    pagingMetadata: {
      count: page.length,
      offset: input.paging.offset,
      total: matched.length,
      tooManyToCount: false,
    },
  };
}

async function ownPurchase(db: DbOrTx, memberId: string, orderId: string, lock = false) {
  const query = db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.id, orderId), eq(planPurchases.memberId, memberId)));
  const [purchase] = lock ? await query.for('update') : await query;
  if (!purchase) throw planOrderNotFound(orderId);
  return purchase;
}

export async function getMemberPlanOrder(
  db: Db,
  input: { memberId: string; orderId: string; now: Date },
): Promise<WirePlanOrder> {
  const purchase = await ownPurchase(db, input.memberId, input.orderId);
  const [order] = await wireOrders(db, [purchase], input.memberId, input.now);
  if (!order) throw planOrderNotFound(input.orderId);
  return order;
}

export const CANCELLATION_EFFECTIVE_AT = ['UNDEFINED', 'IMMEDIATELY', 'NEXT_PAYMENT_DATE'] as const;

/**
 * The member cancels their plan order (`requestCancellation`), on a plan that lets buyers cancel: its
 * membership ends now and the order reads CANCELED (cause MEMBER_ACTION). Nothing is refunded, so a
 * once-per-buyer plan stays bought; a refund is the merchant's (canceling the order in the admin). A
 * plan here is paid once, so only IMMEDIATELY can be honoured, as the platform says of one-time orders.
 * Asking again — a retry, or a parallel request, which waits on the purchase row's lock — finds it
 * canceled and changes nothing.
 */
export async function cancelMemberPlanOrder(
  db: Db,
  input: {
    memberId: string;
    orderId: string;
    effectiveAt: (typeof CANCELLATION_EFFECTIVE_AT)[number] | undefined;
    now: Date;
  },
): Promise<void> {
  if (input.effectiveAt === undefined || input.effectiveAt === 'UNDEFINED')
    throw invalidField('effectiveAt', 'REQUIRED_FIELD', 'is required: IMMEDIATELY');
  if (input.effectiveAt === 'NEXT_PAYMENT_DATE')
    throw invalidField(
      'effectiveAt',
      'VALIDATION',
      'cannot be NEXT_PAYMENT_DATE: the plans of this store are paid once, with no next payment, so an order can only be canceled IMMEDIATELY',
    );
  await db.transaction(async (tx) => {
    const purchase = await ownPurchase(tx, input.memberId, input.orderId, true);
    const [order, plan, memberships] = await readTogether(
      tx,
      () => orderStatusOf(tx, purchase.id),
      () => findMembershipPlan(tx, purchase.planId),
      () => listMemberships(tx, { memberId: input.memberId }),
    );
    if (!order) throw planOrderNotFound(input.orderId);
    const membership: Membership | undefined = memberships.find((m) => m.id === purchase.membershipId);
    const status = planOrderStatus(purchase, order, membership, input.now);
    if (status === 'CANCELED') return;
    if (!plan?.buyerCanCancel)
      throw cannotCancel(
        purchase.id,
        'BUYER_CANNOT_CANCEL',
        `The plan "${plan?.name ?? purchase.planId}" does not let buyers cancel it (its buyerCanCancel is false); the store can.`,
      );
    if (status === 'DRAFT')
      throw cannotCancel(
        purchase.id,
        'NOT_PAID',
        'This plan order is not paid yet, so it has not started: the store cancels unpaid orders.',
      );
    if (status === 'ENDED')
      throw cannotCancel(
        purchase.id,
        'ENDED',
        'This plan order has ended already: there is nothing to cancel.',
      );
    await tx
      .update(planPurchases)
      .set({ memberCanceledDate: input.now, updatedDate: input.now })
      .where(eq(planPurchases.id, purchase.id));
    if (purchase.membershipId) await endMembership(tx, purchase.membershipId, input.now);
  });
}
