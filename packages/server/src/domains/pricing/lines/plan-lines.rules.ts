import { type FieldViolation, invalidField } from '../../../lib/http/errors.js';
import { type MembershipPlan, planPricingVariantId } from '../../store-setup/index.js';
import type { CatalogReference, DescriptionLine, LineView, StoredLine } from './line.types.js';
import { PAID_PLANS_APP_ID } from './line.types.js';

/*
 * A Pricing Plans line: the platform's headless "Buy now" puts a plan in a checkout as a line with the
 * Pricing Plans app id (`catalogItemId` the plan's id, `options: {type: "PLAN", planOptions:
 * {pricingVariantId}}`). Here it is a membership plan on sale, sold as a service (nothing ships, no
 * stock), one per line and on its own in its checkout, to a member (ADR 028, amended).
 */

/** The keys a plan line's `options` may hold (the contract admits these and the Stores item's). */
const PLAN_OPTION_KEYS = ['type', 'planOptions'];

export function isPlanReference(reference: Pick<CatalogReference, 'appId'>): boolean {
  return reference.appId === PAID_PLANS_APP_ID;
}

/** What a plan gives, as its order line says it (one description line). */
export function planDescriptionLines(
  plan: Pick<MembershipPlan, 'credits' | 'durationDays'>,
): DescriptionLine[] {
  const terms = [
    plan.credits !== undefined ? `${plan.credits} ${plan.credits === 1 ? 'credit' : 'credits'}` : 'Unlimited',
    plan.durationDays !== undefined ? `${plan.durationDays} days` : 'no end date',
  ].join(' · ');
  return [{ name: 'Plan', value: terms }];
}

/**
 * What is wrong with a requested plan line (`at` is `lineItems[i].catalogReference`): an unknown or
 * inactive plan (named as a missing product is), an `options.type` other than PLAN, a pricing variant
 * that is not the plan's one variant, a Stores key, or more than one of it.
 */
export function planRequestViolations(
  request: { catalogReference: CatalogReference; quantity: number },
  plan: MembershipPlan | undefined,
  at: string,
  quantityField: string,
): FieldViolation[] {
  const reference = request.catalogReference;
  const options = reference.options ?? {};
  const found: FieldViolation[] = [];
  for (const key of Object.keys(options).filter((name) => !PLAN_OPTION_KEYS.includes(name)))
    found.push({
      field: `${at}.options.${key}`,
      violatedRule: 'FIELD_NOT_ALLOWED',
      description: 'is a Stores product option: a plan line takes only options.type and options.planOptions',
    });
  if (options.type !== undefined && options.type !== 'PLAN')
    found.push({
      field: `${at}.options.type`,
      violatedRule: 'INVALID_ENUM_VALUE',
      description: 'must be "PLAN" for a Pricing Plans line',
      data: { allowedValues: ['PLAN'] },
    });
  if (!plan?.active) {
    found.push({
      field: `${at}.catalogItemId`,
      violatedRule: 'VALIDATION',
      description: `no plan on sale has id "${reference.catalogItemId}"; list the plans on sale for their ids`,
    });
    return found;
  }
  const variantId = (options.planOptions as { pricingVariantId?: unknown } | undefined)?.pricingVariantId;
  if (variantId !== undefined && variantId !== planPricingVariantId(plan))
    found.push({
      field: `${at}.options.planOptions.pricingVariantId`,
      violatedRule: 'VALIDATION',
      description: `is not a pricing variant of plan "${plan.id}": its one pricing variant is "${planPricingVariantId(plan)}"`,
    });
  if (request.quantity > 1) found.push(planQuantityViolation(quantityField));
  return found;
}

export function planQuantityViolation(field: string): FieldViolation {
  return {
    field,
    violatedRule: 'MAX',
    description: 'must be 1: a plan is bought once per checkout',
    data: { threshold: 1 },
  };
}

/**
 * A checkout that holds a plan holds nothing else (as the platform's "Buy now" makes it: one plan, on its
 * own): a plan has no address, delivery or stock, and its order grants a membership, so it is not
 * mixed with products or other plans. A 400 naming `field`.
 */
export function checkPlanLines(lines: readonly StoredLine[], field: string): void {
  if (lines.length > 1 && lines.some((line) => line.pricingPlanId))
    throw invalidField(
      field,
      'VALIDATION',
      'cannot mix a plan with other line items: a plan is bought on its own, in a checkout of its own',
    );
}

/** A plan line evaluated against its plan now: a service at the plan's price (or the held one, if lower). */
export function planLineView(
  line: StoredLine,
  plan: MembershipPlan | undefined,
  context: { hold?: { until: Date; now: Date } },
): LineView {
  const snapshot = line.snapshot;
  const base = {
    id: line.id,
    quantity: line.quantity,
    custom: false,
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    ...(line.pricingPlanId ? { pricingPlanId: line.pricingPlanId } : {}),
    membersOnly: true,
    fixedQuantity: true,
    collectionIds: [],
    itemType: 'SERVICE' as const,
    weight: 0,
    paymentOption: 'FULL_PAYMENT_ONLINE' as const,
    taxable: true,
    digitalFileIds: [],
  };
  if (!plan?.active) {
    return {
      ...base,
      name: snapshot?.name ?? 'Plan no longer available',
      unitPriceMinor: snapshot?.priceMinor ?? 0,
      fullUnitPriceMinor: snapshot?.fullPriceMinor ?? 0,
      descriptionLines: [],
      availability: { status: 'NOT_FOUND' },
    };
  }
  const held =
    context.hold && snapshot && context.hold.now < context.hold.until
      ? Math.min(plan.priceMinor, snapshot.priceMinor)
      : plan.priceMinor;
  return {
    ...base,
    name: plan.name,
    unitPriceMinor: held,
    fullUnitPriceMinor: plan.priceMinor,
    descriptionLines: planDescriptionLines(plan),
    availability: { status: 'AVAILABLE' },
  };
}
