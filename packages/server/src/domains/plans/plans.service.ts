import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, invalidField, notFound } from '../../lib/http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { type DomainEvent, type EventActor, recordEvents } from '../events/index.js';
import type { OrderLine } from '../orders/index.js';
import { insertOrderRecord, orderEventPayload, orderStatusOf, orderTotalsOf } from '../orders/index.js';
import type {
  ChargeResult,
  PaymentMethodInput,
  PaymentProviders,
  PaymentStatus,
  PreparedPayment,
  TakePaymentInput,
} from '../payments/index.js';
import { executePayment, giveBackPayment, preparePayment, recordPayment } from '../payments/index.js';
import type { PricingEnv, Totals } from '../pricing/index.js';
import { calculateTotals, loadSetup, PAID_PLANS_APP_ID, planDescriptionLines } from '../pricing/index.js';
import {
  endMembership,
  findMembershipPlan,
  grantMembership,
  listMembershipPlans,
  type MembershipPlan,
  planPricingVariantId,
} from '../store-setup/index.js';
import { planPurchases } from './plans.schema.js';

/**
 * The platform's Pricing Plans app id: plan lines of orders and checkouts name the plan with it, as store
 * lines name products with the Stores app id (pricing owns it: checkouts resolve plan lines too).
 */
export { PAID_PLANS_APP_ID };

/** Plans on sale: the active ones, oldest first. */
export async function listPlansOnSale(db: DbOrTx): Promise<MembershipPlan[]> {
  return (await listMembershipPlans(db)).filter((plan) => plan.active);
}

/** Whether anyone ever ordered the plan, paid or not, canceled or not (the platform's `hasOrders`). */
export async function planHasOrders(db: DbOrTx, planId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: planPurchases.id })
    .from(planPurchases)
    .where(eq(planPurchases.planId, planId))
    .limit(1);
  return row !== undefined;
}

/** A plan on sale, or 404 (an inactive plan is not for sale, and says nothing about itself). */
export async function planOnSale(db: DbOrTx, id: string): Promise<MembershipPlan> {
  const plan = await findMembershipPlan(db, id);
  if (!plan?.active) throw planNotFound(id);
  return plan;
}

/**
 * The plan an ecom checkout line names (`catalogReference.catalogItemId`, and optionally
 * `options.planOptions.pricingVariantId`), if it is on sale: else 404 `PLAN_NOT_FOUND`; a pricing variant
 * that is not the plan's one variant is a 400 naming `variantField`.
 */
export async function planOnSaleForLine(
  db: DbOrTx,
  line: { planId: string; pricingVariantId?: string | undefined; variantField?: string },
): Promise<MembershipPlan> {
  const plan = await planOnSale(db, line.planId);
  const variantId = planPricingVariantId(plan);
  if (line.pricingVariantId !== undefined && line.pricingVariantId !== variantId) {
    throw invalidField(
      line.variantField ?? 'catalogReference.options.planOptions.pricingVariantId',
      'VALIDATION',
      `is not a pricing variant of plan "${plan.id}": its one pricing variant is "${variantId}"`,
      { planId: plan.id, pricingVariantId: line.pricingVariantId },
    );
  }
  return plan;
}

export function planNotFound(id: string): AppError {
  return new AppError('PLAN_NOT_FOUND', 'Plan not found', {
    status: 404,
    description: `No plan "${id}" is on sale in this store.`,
    data: { planId: id },
  });
}

export interface PurchaseInput {
  planId: string;
  memberId: string;
  visitorId?: string | undefined;
  buyerEmail: string;
  method: PaymentMethodInput;
  /** The same key again (a double submit, a retried request) returns the first purchase's order. */
  idempotencyKey?: string | undefined;
}

export interface PurchaseContext {
  env: PricingEnv;
  actor: EventActor;
  now: Date;
  providers: PaymentProviders;
}

export interface PlanPurchase {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** Granted when the order is paid: at once for a card or a free plan, when the merchant marks it paid otherwise. */
  membershipId?: string;
}

/**
 * Buys a plan for a member as an order (ADR 028): the order machinery's numbers, payment (card, pay later,
 * or nothing for a free plan), `ecom.order.created` event and confirmation e-mail, with one plan line. A
 * paid order grants the membership in the same transaction, so it is usable at checkout at once. A plan
 * sold once per buyer is sold once per member even to parallel purchases: the purchase row's partial
 * unique index lets only one commit (the other gets 409 `PLAN_ALREADY_PURCHASED`, and its charge is
 * given back). A decline leaves nothing behind.
 */
export async function purchasePlan(
  db: Db,
  input: PurchaseInput,
  ctx: PurchaseContext,
): Promise<PlanPurchase> {
  const purchaseKey = `${input.memberId}:${input.idempotencyKey ?? uuidv7()}`;
  // Step 1 (ADR 046): with nothing to ask a gateway the purchase is written at once; with a card the
  // payment attempt is committed first, the gateway is asked with no transaction open, then step 3.
  const first = await guarded(db, input, purchaseKey, (tx) => purchaseInTx(tx, input, ctx, purchaseKey));
  if (first.kind === 'done') return first.purchase;
  const { prepared, payment } = first;
  const charged = await executePayment(db, prepared, payment, ctx.now);
  if (!charged) throw new Error('a gateway payment was prepared but nothing was charged');
  try {
    const placed = await guarded(db, input, purchaseKey, (tx) =>
      purchaseInTx(tx, input, ctx, purchaseKey, { prepared, charged, payment }),
    );
    if (placed.kind !== 'done') throw new Error('the plan order was not placed with its payment');
    return placed.purchase;
  } catch (error) {
    // Refused after the charge (a parallel once-per-buyer purchase won, the plan left sale): given back.
    // A failure a retry may cure leaves the attempt open for the reconciliation job.
    if (error instanceof AppError && error.status < 500)
      await giveBackPayment(
        db,
        prepared.provider,
        { reference: charged.reference, subject: payment.subject },
        ctx.now,
      );
    throw error;
  }
}

type PurchaseStep =
  | { kind: 'done'; purchase: PlanPurchase }
  | { kind: 'gateway'; prepared: Exclude<PreparedPayment, { kind: 'none' }>; payment: TakePaymentInput };

/** A purchase's transaction, with the unique indexes' refusals said as what they mean. */
async function guarded(
  db: Db,
  input: PurchaseInput,
  purchaseKey: string,
  work: (tx: Tx) => Promise<PurchaseStep>,
): Promise<PurchaseStep> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, 'plan_purchases_once_idx')) {
      throw alreadyPurchased({ id: input.planId, name: 'this plan' });
    }
    if (isUniqueViolation(error, 'plan_purchases_key_idx')) {
      // The same purchase, retried in parallel: the first one committed; answer with its order.
      const earlier = await purchaseByKey(db, purchaseKey);
      if (earlier) return { kind: 'done', purchase: earlier };
    }
    throw error;
  }
}

async function purchaseInTx(
  tx: Tx,
  input: PurchaseInput,
  ctx: PurchaseContext,
  purchaseKey: string,
  paid?: {
    prepared: Exclude<PreparedPayment, { kind: 'none' }>;
    charged: ChargeResult;
    payment: TakePaymentInput;
  },
): Promise<PurchaseStep> {
  const earlier = await purchaseByKey(tx, purchaseKey);
  if (earlier) return { kind: 'done', purchase: earlier };
  const plan = await planOnSale(tx, input.planId);
  if (plan.maxPurchasesPerBuyer === 1 && (await holdsOncePerBuyer(tx, plan.id, input.memberId))) {
    throw alreadyPurchased(plan);
  }
  const totals = await planTotals(tx, ctx.env, plan, ctx.now);
  const payment: TakePaymentInput = {
    subject: `plan:${purchaseKey}`,
    amountMinor: totals.payNow,
    payLaterMinor: totals.payLater,
    currency: ctx.env.currency,
    method: input.method,
    delayCapture: false,
    savePaymentMethod: false,
    ownerKey: `member:${input.memberId}`,
  };
  let prepared: PreparedPayment;
  if (paid) {
    if (paid.payment.amountMinor !== payment.amountMinor)
      throw new AppError('PAYMENT_AMOUNT_CHANGED', 'The plan price changed while paying', {
        status: 409,
        description:
          'The price changed while you paid, so that payment was returned to you. Buy the plan again.',
      });
    prepared = paid.prepared;
  } else {
    prepared = await preparePayment(tx, ctx.providers, payment, ctx.now);
    if (prepared.kind !== 'none') return { kind: 'gateway', prepared, payment };
  }
  const orderId = uuidv7(ctx.now.getTime());
  // First the purchase row: a parallel purchase of a once-per-buyer plan waits here, then fails.
  await insertPurchase(tx, { orderId, purchaseKey, plan, memberId: input.memberId, now: ctx.now });
  const taken = await recordPayment(tx, prepared, paid?.charged, { ...payment, orderId, now: ctx.now });
  const order = await insertOrderRecord(tx, {
    id: orderId,
    checkoutId: `plan:${orderId}`,
    visitorId: input.visitorId ?? null,
    memberId: input.memberId,
    buyerEmail: input.buyerEmail,
    channelType: 'WEB',
    currency: ctx.env.currency,
    paymentStatus: taken.paymentStatus,
    lines: [planLine(plan, totals)],
    totals: orderTotalsOf(totals),
    totalMinor: totals.priceSummary.total,
    customFields: [{ title: 'planId', value: plan.id }],
    paidDate: taken.paymentStatus === 'PAID' ? ctx.now : null,
    createdDate: ctx.now,
    updatedDate: ctx.now,
  });
  const membershipId = taken.paymentStatus === 'PAID' ? await grantFor(tx, orderId, ctx.now) : undefined;
  const events: DomainEvent[] = [
    {
      type: 'ecom.order.created',
      entityType: 'order',
      entityId: orderId,
      payload: { ...orderEventPayload(order), planId: plan.id },
      actor: ctx.actor,
    },
  ];
  await recordEvents(tx, events);
  return {
    kind: 'done',
    purchase: { orderId, paymentStatus: taken.paymentStatus, ...(membershipId ? { membershipId } : {}) },
  };
}

/**
 * A plan order was paid or canceled after it was placed (the merchant marked it paid, or canceled it):
 * grant the membership once, or end it and free the once-per-buyer slot. Safe to run again (it is an
 * event consumer, delivered at least once). Orders that are not plan orders are left alone.
 */
export async function settlePlanOrder(
  db: Db,
  order: { id: string; status: string; paymentStatus: PaymentStatus },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(planPurchases)
      .where(eq(planPurchases.id, order.id))
      .for('update');
    if (!purchase) return;
    if (order.status === 'CANCELED') {
      if (purchase.canceledDate) return;
      await tx
        .update(planPurchases)
        .set({ canceledDate: now, updatedDate: now })
        .where(eq(planPurchases.id, purchase.id));
      if (purchase.membershipId) await endMembership(tx, purchase.membershipId, now);
      return;
    }
    if (
      order.paymentStatus === 'PAID' &&
      !purchase.membershipId &&
      !purchase.canceledDate &&
      !purchase.memberCanceledDate
    ) {
      await grantFor(tx, purchase.id, now);
    }
  });
}

/**
 * The purchase row of a plan order (its id is the order's): what holds the member's once-per-buyer slot
 * (the partial unique index `plan_purchases_once_idx`) and, once paid, the membership.
 */
export async function insertPurchase(
  tx: Tx,
  input: { orderId: string; purchaseKey: string; plan: MembershipPlan; memberId: string; now: Date },
): Promise<void> {
  await tx.insert(planPurchases).values({
    id: input.orderId,
    purchaseKey: input.purchaseKey,
    planId: input.plan.id,
    memberId: input.memberId,
    oncePerBuyer: input.plan.maxPurchasesPerBuyer === 1,
    createdDate: input.now,
    updatedDate: input.now,
  });
}

/** Grants the purchase's membership (once: the row is locked or new, and `membership_id` is set). */
export async function grantFor(tx: Tx, purchaseId: string, now: Date): Promise<string> {
  const [purchase] = await tx.select().from(planPurchases).where(eq(planPurchases.id, purchaseId));
  if (!purchase) throw notFound('PlanPurchase', purchaseId);
  const membership = await grantMembership(tx, {
    memberId: purchase.memberId,
    planId: purchase.planId,
    orderId: purchase.id,
    now,
  });
  await tx
    .update(planPurchases)
    .set({ membershipId: membership.id, updatedDate: now })
    .where(eq(planPurchases.id, purchase.id));
  return membership.id;
}

async function purchaseByKey(db: DbOrTx, purchaseKey: string): Promise<PlanPurchase | undefined> {
  const [row] = await db
    .select({ orderId: planPurchases.id, membershipId: planPurchases.membershipId })
    .from(planPurchases)
    .where(eq(planPurchases.purchaseKey, purchaseKey));
  const order = row ? await orderStatusOf(db, row.orderId) : undefined;
  if (!row || !order) return undefined;
  return {
    orderId: row.orderId,
    paymentStatus: order.paymentStatus,
    ...(row.membershipId ? { membershipId: row.membershipId } : {}),
  };
}

export async function holdsOncePerBuyer(tx: DbOrTx, planId: string, memberId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: planPurchases.id })
    .from(planPurchases)
    .where(
      and(
        eq(planPurchases.planId, planId),
        eq(planPurchases.memberId, memberId),
        eq(planPurchases.oncePerBuyer, true),
        isNull(planPurchases.canceledDate),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function alreadyPurchased(plan: Pick<MembershipPlan, 'id' | 'name'>): AppError {
  return new AppError('PLAN_ALREADY_PURCHASED', 'Plan already bought', {
    status: 409,
    description: `${plan.name === 'this plan' ? 'This plan' : `The plan "${plan.name}"`} can be bought once per member, and you have bought it already.`,
    data: { planId: plan.id },
  });
}

/**
 * The order's totals from the totals engine, with the plan as one service line: the store's tax rules
 * apply as to any line (no address is asked for, so only a business-address tax applies), nothing ships.
 */
async function planTotals(tx: Tx, env: PricingEnv, plan: MembershipPlan, now: Date): Promise<Totals> {
  const setup = await loadSetup(tx, env, {});
  return calculateTotals({
    currency: env.currency,
    weightUnit: setup.settings.weightUnit,
    lines: [
      {
        id: 'plan',
        quantity: 1,
        itemType: 'SERVICE',
        unitPrice: plan.priceMinor,
        fullUnitPrice: plan.priceMinor,
        unitWeight: 0,
        availability: { status: 'AVAILABLE' },
      },
    ],
    shipping: setup.shipping,
    tax: { ...setup.tax, ...(env.taxProvider ? { provider: env.taxProvider } : {}) },
    calculateShipping: false,
    now,
  });
}

function planLine(plan: MembershipPlan, totals: Totals): OrderLine {
  const line = totals.lines[0];
  if (!line) throw new Error('plan totals have no line');
  return {
    id: uuidv7(),
    quantity: 1,
    custom: false,
    catalogReference: { catalogItemId: plan.id, appId: PAID_PLANS_APP_ID },
    name: plan.name,
    itemType: 'SERVICE',
    weight: 0,
    descriptionLines: planDescriptionLines(plan),
    unitPriceMinor: line.unitPrice,
    fullUnitPriceMinor: line.fullUnitPrice,
    subtotalMinor: line.unitPrice,
    discountMinor: 0,
    taxMinor: line.tax,
    taxPpm: line.taxPpm,
    taxBreakdown: line.taxBreakdown,
    totalMinor: line.total,
    paymentOption: 'FULL_PAYMENT_ONLINE',
    digitalFileIds: [],
  };
}
