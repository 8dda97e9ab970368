import type { DbOrTx, Tx } from '../../../db/client.js';

/**
 * How plans are sold, as the plans domain does it (it owns the purchases and their once-per-buyer
 * index): checkouts and create-order call it for a Pricing Plans line without importing plans, which
 * itself builds on pricing and orders. The app hands it over in `PricingEnv.planSales`.
 */
export interface PlanSales {
  /**
   * Refuses (409 `PLAN_ALREADY_PURCHASED`) when the member holds the plan already and it is sold once
   * per buyer: when the line is added for a member and again before the order takes any money.
   */
  checkBuyer(db: DbOrTx, buyer: { memberId: string; planId: string }): Promise<void>;
  /**
   * In the order's transaction, once the order row is written: records the plan purchase as a plan bought
   * on its own is recorded, and grants the membership when the order is paid (a pay-later order gets it
   * when marked paid). A parallel order of a once-per-buyer plan fails here with 409.
   */
  recordOrder(
    tx: Tx,
    order: {
      orderId: string;
      checkoutId: string;
      memberId: string;
      planId: string;
      paid: boolean;
      now: Date;
    },
  ): Promise<void>;
}
