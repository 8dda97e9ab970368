// Paid plans (docs/api/cart-checkout-orders.md "Paid plans and preferences"): the plans on sale, buying one (an order; the membership once paid) and
// the member's memberships.

import {
  PLAN_MEMBERSHIP_WIRE,
  PLAN_WIRE,
  type Plan,
  type PlanMembership,
  type PlanPurchase,
  type PurchasePlanOptions,
} from '../entities/index.js';
import { reviveEntity } from '../wire.js';
import { anonymousAllowed, type ClientContext, segment } from './context.js';

const PATH = '/_api/plans/v1';

/** Plans on sale and the member's memberships. */
export interface PlansModule {
  /**
   * The plans on sale (anyone; no visitor is created for it).
   *
   * @example
   * ```ts
   * const plans = await client.plans.list();
   * plans[0].price.formattedAmount; // "$19.99"
   * ```
   */
  list(): Promise<Plan[]>;
  /**
   * One plan on sale; a 404 `ApplicationError` (`PLAN_NOT_FOUND`) when it is not on sale.
   *
   * @example
   * ```ts
   * const plan = await client.plans.get(planId);
   * ```
   */
  get(planId: string): Promise<Plan>;
  /**
   * Buys a plan for the signed-in member: an order with one plan line, paid as `paymentMethod` says
   * (default OFFLINE: pay later). Once paid the membership is granted (`membershipId`). A plan sold once per
   * buyer that the member has bought already is a 409 `PLAN_ALREADY_PURCHASED`; a declined card a 402.
   *
   * @example
   * ```ts
   * const { orderId, membershipId } = await client.plans.purchase(planId, {
   *   paymentMethod: { type: 'SANDBOX_CARD', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
   *   idempotencyKey: formKey,
   * });
   * ```
   */
  purchase(planId: string, options?: PurchasePlanOptions): Promise<PlanPurchase>;
  /**
   * The member's memberships, oldest first (ended ones too: see `expiresAt`).
   *
   * @example
   * ```ts
   * const credits = (await client.plans.memberships()).map((m) => m.remainingCredits);
   * ```
   */
  memberships(): Promise<PlanMembership[]>;
}

const revivePlan = (wire: unknown): Plan => reviveEntity<Plan>(wire, PLAN_WIRE);

/**
 * Creates the plans module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const plans = createPlansModule(context);
 * ```
 */
export function createPlansModule({ transport }: ClientContext): PlansModule {
  const catalog = anonymousAllowed(transport);
  return {
    async list() {
      const reply = await catalog.request<{ plans: unknown[] }>({ method: 'GET', path: `${PATH}/plans` });
      return reply.plans.map(revivePlan);
    },
    async get(planId) {
      const reply = await catalog.request<{ plan: unknown }>({
        method: 'GET',
        path: `${PATH}/plans/${segment(planId)}`,
      });
      return revivePlan(reply.plan);
    },
    purchase: (planId, options = {}) =>
      transport.request<PlanPurchase>({
        method: 'POST',
        path: `${PATH}/plans/${segment(planId)}/purchase`,
        body: options,
      }),
    async memberships() {
      const reply = await transport.request<{ memberships: unknown[] }>({
        method: 'GET',
        path: `${PATH}/memberships`,
      });
      return reply.memberships.map((wire) => reviveEntity<PlanMembership>(wire, PLAN_MEMBERSHIP_WIRE));
    },
  };
}
