import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import { assignCheckoutMember, type CheckoutRow } from '../../checkout/index.js';
import type { LineView, PlanSales, PricingEnv } from '../../pricing/index.js';
import type { CreateOrderContext } from './create-order.types.js';

/*
 * A checkout that holds a Pricing Plans line (ADR 028, amended): its order is the plan's order, sold to a
 * member, with the plan purchase and membership the plans domain records (through `PricingEnv.planSales`,
 * so that orders does not import plans).
 */

export interface PlanBuyer {
  memberId: string;
  planId: string;
}

/**
 * Who a checkout's plan is sold to, checked before anything is taken (step 1 and step 3 of create-order):
 * the checkout's member, or the member who logged in from its visitor (who then takes the checkout over,
 * so every later step sells to them: the row returned is theirs). A visitor is refused with 403
 * `MEMBER_LOGIN_REQUIRED`; a member who holds a once-per-buyer plan already with 409
 * `PLAN_ALREADY_PURCHASED`. No buyer without a plan line.
 */
export async function planBuyerOf(
  tx: Tx,
  row: CheckoutRow,
  views: readonly LineView[],
  ctx: CreateOrderContext,
): Promise<{ row: CheckoutRow; buyer?: PlanBuyer }> {
  const planId = views.find((view) => view.pricingPlanId)?.pricingPlanId;
  if (!planId) return { row };
  let owned = row;
  if (!row.memberId && ctx.caller.kind === 'member')
    // lockCheckout let this member in: they logged in from the visitor that started the checkout.
    owned = await assignCheckoutMember(tx, row, ctx.caller.memberId, ctx.actor, ctx.now);
  const memberId = owned.memberId;
  if (!memberId)
    throw new AppError('MEMBER_LOGIN_REQUIRED', 'Log in to buy a plan', {
      status: 403,
      description:
        'Plans are sold to members only: log in (or sign up) on this checkout, then place the order again.',
      data: { lineItemIds: views.filter((view) => view.membersOnly).map((view) => view.id) },
    });
  await planSalesOf(ctx.env).checkBuyer(tx, { memberId, planId });
  return { row: owned, buyer: { memberId, planId } };
}

/** The plan purchase of an order just written (its membership at once when the order is paid). */
export function recordPlanOrder(
  tx: Tx,
  env: PricingEnv,
  order: PlanBuyer & { orderId: string; checkoutId: string; paid: boolean; now: Date },
): Promise<void> {
  return planSalesOf(env).recordOrder(tx, order);
}

function planSalesOf(env: PricingEnv): PlanSales {
  if (!env.planSales)
    throw new Error('a plan line is ordered but the app sells no plans (PricingEnv.planSales)');
  return env.planSales;
}
