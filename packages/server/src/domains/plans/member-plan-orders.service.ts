import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/http/errors.js';
import { toDecimalString } from '../../lib/money.js';
import { orderStatusOf } from '../orders/index.js';
import { findMembershipPlan, listMemberships, type MembershipPlan } from '../store-setup/index.js';
import { planPurchases } from './plans.schema.js';

type Membership = Awaited<ReturnType<typeof listMemberships>>[number];

/*
 * A member's plan orders as the public `@wix/pricing-plans` `orders` module reads them
 * (`memberListOrders`, `memberGetOrder`): each plan purchase (an order of ours with one plan line) with
 * the platform's order status — PENDING until paid, ACTIVE while its membership lasts, ENDED after it,
 * CANCELED when the order was canceled.
 */

export const PLAN_ORDER_STATUSES = ['PENDING', 'ACTIVE', 'ENDED', 'CANCELED'] as const;
type PlanOrderStatus = (typeof PLAN_ORDER_STATUSES)[number];

type Purchase = typeof planPurchases.$inferSelect;

function planOrderNotFound(id: string): AppError {
  return new AppError('NOT_FOUND', 'Plan order not found', {
    status: 404,
    description: `You have no plan order "${id}".`,
    data: { orderId: id },
  });
}

async function wirePlanOrder(
  db: Db,
  purchase: Purchase,
  memberships: Membership[],
  currency: string,
  now: Date,
) {
  const [plan, order] = await Promise.all([
    findMembershipPlan(db, purchase.planId),
    orderStatusOf(db, purchase.id),
  ]);
  const membership = memberships.find((candidate) => candidate.id === purchase.membershipId);
  const status: PlanOrderStatus = purchase.canceledDate
    ? 'CANCELED'
    : !membership
      ? 'PENDING'
      : membership.expiresAt && membership.expiresAt <= now
        ? 'ENDED'
        : 'ACTIVE';
  const price = plan ? toDecimalString(plan.priceMinor, currency) : '0';
  const pricing = (known: MembershipPlan | undefined) =>
    known?.durationDays !== undefined
      ? { singlePaymentForDuration: { count: known.durationDays, unit: 'DAY' } }
      : { singlePaymentUnlimited: true };
  return {
    id: purchase.id,
    planId: purchase.planId,
    subscriptionId: purchase.id,
    buyer: { memberId: purchase.memberId, contactId: purchase.memberId },
    priceDetails: { subtotal: price, discount: '0', tax: '0', total: price, planPrice: price, currency },
    pricing: { ...pricing(plan), prices: [] },
    type: plan?.chargedOffline ? 'OFFLINE' : 'ONLINE',
    orderMethod: 'UNKNOWN',
    status,
    lastPaymentStatus:
      order?.paymentStatus === 'PAID' ? 'PAID' : order?.paymentStatus === 'REFUNDED' ? 'REFUNDED' : 'PENDING',
    ...(membership ? { startDate: membership.createdDate.toISOString() } : {}),
    ...(membership?.expiresAt ? { endDate: membership.expiresAt.toISOString() } : {}),
    ...(purchase.canceledDate
      ? {
          cancellation: {
            requestedDate: purchase.canceledDate.toISOString(),
            cause: 'OWNER_ACTION',
            effectiveAt: 'IMMEDIATELY',
          },
        }
      : {}),
    pausePeriods: [],
    planName: plan?.name ?? 'Plan',
    planDescription: plan?.description ?? '',
    planPrice: price,
    createdDate: purchase.createdDate.toISOString(),
    updatedDate: purchase.updatedDate.toISOString(),
  };
}
export type WirePlanOrder = Awaited<ReturnType<typeof wirePlanOrder>>;

export async function listMemberPlanOrders(
  db: Db,
  input: {
    memberId: string;
    planIds?: string[];
    statuses?: string[];
    paging: { limit: number; offset: number };
    currency: string;
    now: Date;
  },
) {
  const [purchases, memberships] = await Promise.all([
    db
      .select()
      .from(planPurchases)
      .where(eq(planPurchases.memberId, input.memberId))
      .orderBy(desc(planPurchases.createdDate)),
    listMemberships(db, { memberId: input.memberId }),
  ]);
  const wanted = purchases.filter(
    (purchase) => !input.planIds?.length || input.planIds.includes(purchase.planId),
  );
  const all = await Promise.all(
    wanted.map((purchase) => wirePlanOrder(db, purchase, memberships, input.currency, input.now)),
  );
  const matched = all.filter((order) => !input.statuses?.length || input.statuses.includes(order.status));
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

export async function getMemberPlanOrder(
  db: Db,
  input: { memberId: string; orderId: string; currency: string; now: Date },
): Promise<WirePlanOrder> {
  const [purchase] = await db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.id, input.orderId), eq(planPurchases.memberId, input.memberId)));
  if (!purchase) throw planOrderNotFound(input.orderId);
  const memberships = await listMemberships(db, { memberId: input.memberId });
  return wirePlanOrder(db, purchase, memberships, input.currency, input.now);
}
