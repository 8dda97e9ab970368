import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/http/errors.js';
import type { MembershipInput } from '../setup.types.js';
import { membershipPlans, memberships } from '../store-setup.schema.js';

export interface MembershipPlan {
  id: string;
  name: string;
  description: string;
  perks: string[];
  /** What buying the plan costs, in minor units of the store currency (0: free). */
  priceMinor: number;
  /** 1: once per member; absent: any number of times. */
  maxPurchasesPerBuyer?: number;
  productIds: string[];
  credits?: number;
  durationDays?: number;
  chargedOffline: boolean;
  /** A member may cancel their own order of the plan (the membership ends at once). */
  buyerCanCancel: boolean;
  active: boolean;
  createdDate: Date;
  updatedDate: Date;
}

export interface MembershipPlanWrite {
  name?: string;
  description?: string;
  perks?: string[];
  priceMinor?: number;
  maxPurchasesPerBuyer?: number | null;
  productIds?: string[];
  credits?: number | null;
  durationDays?: number | null;
  chargedOffline?: boolean;
  buyerCanCancel?: boolean;
  active?: boolean;
}

export interface Membership {
  id: string;
  planId: string;
  planName: string;
  memberId: string;
  /** The plan order that gave it, when bought. */
  orderId?: string;
  expiresAt?: Date;
  remainingCredits?: number;
  createdDate: Date;
  updatedDate: Date;
}

const DAY_MS = 86_400_000;

const planOut = (row: typeof membershipPlans.$inferSelect): MembershipPlan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  perks: row.perks,
  priceMinor: row.priceMinor,
  ...(row.maxPurchasesPerBuyer !== null ? { maxPurchasesPerBuyer: row.maxPurchasesPerBuyer } : {}),
  productIds: row.productIds,
  ...(row.credits !== null ? { credits: row.credits } : {}),
  ...(row.durationDays !== null ? { durationDays: row.durationDays } : {}),
  chargedOffline: row.chargedOffline,
  buyerCanCancel: row.buyerCanCancel,
  active: row.active,
  createdDate: row.createdDate,
  updatedDate: row.updatedDate,
});

export async function listMembershipPlans(db: DbOrTx): Promise<MembershipPlan[]> {
  const rows = await db
    .select()
    .from(membershipPlans)
    .orderBy(asc(membershipPlans.createdDate), asc(membershipPlans.id));
  return rows.map(planOut);
}

/**
 * The id of a plan's one pricing variant, as the platform's v3 plans name it: the plan's own id. A plan
 * has one price, so the variant is the plan; apps copy this id into an ecom checkout line
 * (`catalogReference.options.planOptions.pricingVariantId`), so it must never change for a plan.
 */
export function planPricingVariantId(plan: Pick<MembershipPlan, 'id'>): string {
  return plan.id;
}

/** One plan, or undefined. */
export async function findMembershipPlan(db: DbOrTx, id: string): Promise<MembershipPlan | undefined> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  return row ? planOut(row) : undefined;
}

export async function createMembershipPlan(
  db: DbOrTx,
  input: MembershipPlanWrite & { name: string },
): Promise<MembershipPlan> {
  const [row] = await db.insert(membershipPlans).values(input).returning();
  return planOut(row as typeof membershipPlans.$inferSelect);
}

export async function updateMembershipPlan(
  db: DbOrTx,
  id: string,
  patch: MembershipPlanWrite,
): Promise<MembershipPlan> {
  // updatedDate is always set, so an empty patch is a valid no-op (drizzle refuses an empty SET).
  const [row] = await db
    .update(membershipPlans)
    .set({ ...patch, updatedDate: new Date() })
    .where(eq(membershipPlans.id, id))
    .returning();
  if (!row) throw notFound('MembershipPlan', id);
  return planOut(row);
}

export async function deleteMembershipPlan(db: DbOrTx, id: string): Promise<void> {
  const rows = await db
    .delete(membershipPlans)
    .where(eq(membershipPlans.id, id))
    .returning({ id: membershipPlans.id });
  if (rows.length === 0) throw notFound('MembershipPlan', id);
}

const membershipColumns = {
  id: memberships.id,
  planId: memberships.planId,
  planName: membershipPlans.name,
  memberId: memberships.memberId,
  orderId: memberships.orderId,
  expiresAt: memberships.expiresAt,
  remainingCredits: memberships.remainingCredits,
  createdDate: memberships.createdDate,
  updatedDate: memberships.updatedDate,
};

type MembershipRow = {
  [K in keyof typeof membershipColumns]: (typeof membershipColumns)[K]['_']['data'] | null;
};

function membershipOut(row: MembershipRow): Membership {
  return {
    id: row.id as string,
    planId: row.planId as string,
    planName: row.planName ?? '',
    memberId: row.memberId as string,
    ...(row.orderId ? { orderId: row.orderId } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
    ...(row.remainingCredits !== null ? { remainingCredits: row.remainingCredits } : {}),
    createdDate: row.createdDate as Date,
    updatedDate: row.updatedDate as Date,
  };
}

export async function listMemberships(db: DbOrTx, filter: { memberId?: string } = {}): Promise<Membership[]> {
  const rows = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(filter.memberId ? eq(memberships.memberId, filter.memberId) : undefined)
    .orderBy(asc(memberships.createdDate), asc(memberships.id));
  return rows.map(membershipOut);
}

async function getMembership(db: DbOrTx, id: string): Promise<Membership> {
  const [row] = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(eq(memberships.id, id));
  if (!row) throw notFound('Membership', id);
  return membershipOut(row);
}

/**
 * Gives a member a membership of a plan: credits and expiry default from the plan. With `orderId` (a plan
 * bought) at most one membership exists per order.
 */
export async function grantMembership(
  db: DbOrTx,
  input: {
    memberId: string;
    planId: string;
    expiresAt?: Date;
    remainingCredits?: number;
    orderId?: string;
    now: Date;
  },
): Promise<Membership> {
  const [plan] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, input.planId));
  if (!plan) throw notFound('MembershipPlan', input.planId);
  const expiresAt =
    input.expiresAt ??
    (plan.durationDays !== null ? new Date(input.now.getTime() + plan.durationDays * DAY_MS) : null);
  const [row] = await db
    .insert(memberships)
    .values({
      planId: plan.id,
      memberId: input.memberId,
      orderId: input.orderId ?? null,
      expiresAt,
      remainingCredits: input.remainingCredits ?? plan.credits,
    })
    .returning({ id: memberships.id });
  return getMembership(db, (row as { id: string }).id);
}

export async function updateMembership(
  db: DbOrTx,
  id: string,
  patch: { expiresAt?: Date | null; remainingCredits?: number | null },
): Promise<Membership> {
  const rows = await db
    .update(memberships)
    .set({ ...patch, updatedDate: new Date() })
    .where(eq(memberships.id, id))
    .returning({ id: memberships.id });
  if (rows.length === 0) throw notFound('Membership', id);
  return getMembership(db, id);
}

/** Ends a membership now (a refunded plan order): it stays on record, expired. */
export async function endMembership(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(memberships)
    .set({ expiresAt: now, updatedDate: now })
    .where(
      and(
        eq(memberships.id, id),
        sql`(${memberships.expiresAt} IS NULL OR ${memberships.expiresAt} > ${now})`,
      ),
    );
}

export async function deleteMembership(db: DbOrTx, id: string): Promise<void> {
  const rows = await db.delete(memberships).where(eq(memberships.id, id)).returning({ id: memberships.id });
  if (rows.length === 0) throw notFound('Membership', id);
}

/** The engine's view of a member's memberships. */
export function membershipForTotals(membership: Membership, plan: { productIds: string[] }): MembershipInput {
  return {
    id: membership.id,
    name: membership.planName,
    ...(membership.expiresAt ? { expirationDate: membership.expiresAt } : {}),
    productIds: plan.productIds,
    ...(membership.remainingCredits !== undefined ? { remainingCredits: membership.remainingCredits } : {}),
  };
}

/**
 * Uses `units` credits of a membership for an order (guarded: never below zero, and only while it has
 * not expired). Unlimited memberships only need to be valid.
 */
export async function consumeMembershipCredits(
  tx: Tx,
  input: { membershipId: string; memberId: string; units: number; now: Date },
): Promise<void> {
  const rows = await tx
    .update(memberships)
    .set({
      remainingCredits: sql`CASE WHEN ${memberships.remainingCredits} IS NULL THEN NULL ELSE ${memberships.remainingCredits} - ${input.units} END`,
    })
    .where(
      and(
        eq(memberships.id, input.membershipId),
        eq(memberships.memberId, input.memberId),
        sql`(${memberships.remainingCredits} IS NULL OR ${memberships.remainingCredits} >= ${input.units})`,
        sql`(${memberships.expiresAt} IS NULL OR ${memberships.expiresAt} > ${input.now})`,
      ),
    )
    .returning({ id: memberships.id });
  if (rows.length === 0) {
    throw new AppError('MEMBERSHIP_NOT_APPLICABLE', 'Membership cannot pay for these items', {
      status: 409,
      description:
        'The membership chosen on this checkout has expired or has too few credits left. Choose another payment and place the order again.',
      data: { membershipId: input.membershipId },
    });
  }
}
