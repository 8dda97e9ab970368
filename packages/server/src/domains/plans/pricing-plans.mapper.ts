import { invalidField } from '../../lib/http/errors.js';
import { toDecimalString } from '../../lib/money.js';
import { type MembershipPlan, planPricingVariantId } from '../store-setup/index.js';

/*
 * Our plans in the shapes of the public `@wix/pricing-plans` modules: `plans` (v2 `PublicPlan`) and
 * `plansV3` (v3 `Plan`). A plan is one price paid once, for a number of days or with no end; it has one
 * pricing variant, whose id is the plan's own id (apps put it into an ecom checkout line).
 */

export function toV2Plan(plan: MembershipPlan, currency: string) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    perks: { values: plan.perks },
    pricing: {
      ...(plan.durationDays !== undefined
        ? { singlePaymentForDuration: { count: plan.durationDays, unit: 'DAY' } }
        : { singlePaymentUnlimited: true }),
      price: { value: toDecimalString(plan.priceMinor, currency), currency },
      freeTrialDays: 0,
    },
    public: true,
    archived: false,
    primary: false,
    slug: plan.id,
    // The platform's 0 is "no limit".
    maxPurchasesPerBuyer: plan.maxPurchasesPerBuyer ?? 0,
    allowFutureStartDate: false,
    buyerCanCancel: plan.buyerCanCancel,
    createdDate: plan.createdDate.toISOString(),
    updatedDate: plan.updatedDate.toISOString(),
  };
}

export function toV3Plan(plan: MembershipPlan, currency: string) {
  return {
    id: plan.id,
    revision: String(Math.floor(plan.updatedDate.getTime() / 1000)),
    createdDate: plan.createdDate.toISOString(),
    updatedDate: plan.updatedDate.toISOString(),
    name: plan.name,
    description: plan.description,
    slug: plan.id,
    maxPurchasesPerBuyer: plan.maxPurchasesPerBuyer ?? 0,
    pricingVariants: [
      {
        id: planPricingVariantId(plan),
        name: plan.name,
        freeTrialDays: 0,
        fees: [],
        billingTerms:
          plan.durationDays !== undefined
            ? {
                billingCycle: { period: 'DAY', count: String(plan.durationDays) },
                startType: 'ON_PURCHASE',
                endType: 'CYCLES_COMPLETED',
                cyclesCompletedDetails: { billingCycleCount: '1' },
              }
            : { startType: 'ON_PURCHASE', endType: 'UNTIL_CANCELLED' },
        pricingStrategies: [{ flatRate: { amount: toDecimalString(plan.priceMinor, currency) } }],
        visible: true,
      },
    ],
    perks: plan.perks.map((description, index) => ({ id: `${plan.id}-${index + 1}`, description })),
    visibility: 'PUBLIC',
    buyable: true,
    buyerCanCancel: plan.buyerCanCancel,
    currency,
    // The deprecated `maxPurchasesPerBuyer` again, as the platform now says it.
    purchaseLimits: plan.maxPurchasesPerBuyer === 1 ? [{ type: 'PER_MEMBER_LIFETIME', maxCount: 1 }] : [],
  };
}

/*
 * The plans' query filter: plans are few (a store sells a handful), so a filter is evaluated over the
 * plans on sale rather than compiled to SQL. Fields: `id`, `name`, `slug`, `visibility`, `public`,
 * `archived`; operators `$eq`, `$ne`, `$in`, `$and`, `$or`, `$not`. Anything else is a 400 naming it.
 */
type Fields = Record<string, (plan: MembershipPlan) => unknown>;
export const PLAN_FILTER_FIELDS: Fields = {
  id: (plan) => plan.id,
  name: (plan) => plan.name,
  slug: (plan) => plan.id,
  visibility: () => 'PUBLIC',
  public: () => true,
  archived: () => false,
  primary: () => false,
  createdDate: (plan) => plan.createdDate.toISOString(),
  updatedDate: (plan) => plan.updatedDate.toISOString(),
};

export function planMatches(
  plan: MembershipPlan,
  filter: unknown,
  path = 'query.filter',
  fields: Fields = PLAN_FILTER_FIELDS,
): boolean {
  if (filter === undefined || filter === null) return true;
  if (typeof filter !== 'object' || Array.isArray(filter))
    throw invalidField(path, 'VALIDATION', 'must be an object of field conditions');
  return Object.entries(filter as Record<string, unknown>)
    .map(([key, condition]) => {
      const at = `${path}.${key}`;
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(condition)) throw invalidField(at, 'VALIDATION', 'must be a list of filters');
        const parts = condition.map((part, index) => planMatches(plan, part, `${at}[${index}]`, fields));
        return key === '$and' ? parts.every(Boolean) : parts.some(Boolean);
      }
      if (key === '$not') return !planMatches(plan, condition, at, fields);
      const read = fields[key];
      if (!read)
        throw invalidField(
          at,
          'FIELD_NOT_ALLOWED',
          `is not a field plans can be filtered by (${Object.keys(fields).join(', ')})`,
        );
      const value = read(plan);
      if (condition === null || typeof condition !== 'object' || Array.isArray(condition))
        return value === condition;
      return Object.entries(condition as Record<string, unknown>)
        .map(([operator, operand]) => {
          switch (operator) {
            case '$eq':
              return value === operand;
            case '$ne':
              return value !== operand;
            case '$in':
              if (!Array.isArray(operand)) throw invalidField(`${at}.$in`, 'VALIDATION', 'must be a list');
              return operand.includes(value);
            default:
              throw invalidField(
                `${at}.${operator}`,
                'FIELD_NOT_ALLOWED',
                'is not an operator plans can be filtered with ($eq, $ne, $in)',
              );
          }
        })
        .every(Boolean);
    })
    .every(Boolean);
}

/** A plan that matches nothing in particular: checking a filter against it finds every problem in it. */
const PROBE: MembershipPlan = {
  id: '',
  name: '',
  description: '',
  perks: [],
  priceMinor: 0,
  productIds: [],
  chargedOffline: false,
  buyerCanCancel: false,
  active: true,
  createdDate: new Date(0),
  updatedDate: new Date(0),
};

/** Refuses a filter with a 400 naming what is wrong, before (and whether or not) any plan is matched. */
export function checkPlanFilter(filter: unknown): void {
  planMatches(PROBE, filter);
}
