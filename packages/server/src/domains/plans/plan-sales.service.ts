import { isUniqueViolation } from '../../db/errors.js';
import type { PlanSales } from '../pricing/index.js';
import { findMembershipPlan } from '../store-setup/index.js';
import {
  alreadyPurchased,
  grantFor,
  holdsOncePerBuyer,
  insertPurchase,
  planNotFound,
} from './plans.service.js';

/**
 * Plans bought as a line of an ecom checkout (the headless "Buy now": ADR 028, amended), recorded as a plan
 * bought on its own is: the same purchase row (so the same once-per-buyer index, plan orders on the
 * platform's wire and settlement by `plans-order-settlement`) and the membership granted in the order's
 * transaction when it is paid. create-order calls this through `PricingEnv.planSales`; the app wires it.
 */
export const planSales: PlanSales = {
  async checkBuyer(db, { memberId, planId }) {
    const plan = await findMembershipPlan(db, planId);
    if (plan?.maxPurchasesPerBuyer === 1 && (await holdsOncePerBuyer(db, plan.id, memberId)))
      throw alreadyPurchased(plan);
  },

  async recordOrder(tx, order) {
    const plan = await findMembershipPlan(tx, order.planId);
    if (!plan) throw planNotFound(order.planId);
    try {
      // One purchase per checkout (its order is placed once): the key names the checkout.
      await insertPurchase(tx, {
        orderId: order.orderId,
        purchaseKey: `${order.memberId}:checkout:${order.checkoutId}`,
        plan,
        memberId: order.memberId,
        now: order.now,
      });
    } catch (error) {
      // A parallel order of the plan by this member committed first: this one is refused (and its
      // payment given back by create-order), the transaction rolls back with nothing kept.
      if (isUniqueViolation(error, 'plan_purchases_once_idx')) throw alreadyPurchased(plan);
      throw error;
    }
    if (order.paid) await grantFor(tx, order.orderId, order.now);
  },
};
