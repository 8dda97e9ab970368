import { toDecimalString } from '../../lib/money.js';
import type { SoldOrder } from '../orders/index.js';
import type { PaymentStatus } from '../payments/index.js';
import type { listMemberships, MembershipPlan } from '../store-setup/index.js';
import type { planPurchases } from './plans.schema.js';

/*
 * A plan purchase (an order of ours with one plan line, ADR 028) in the shape of the public
 * `@wix/pricing-plans` `orders` module's `Order`. Prices, tax and the plan's name are the order's, as it
 * froze them; the membership the order granted says when the plan started and ends.
 */

export type Purchase = typeof planPurchases.$inferSelect;
export type Membership = Awaited<ReturnType<typeof listMemberships>>[number];

/** The platform's order statuses our plan orders take (PAUSED and PENDING have no counterpart here). */
export const PLAN_ORDER_STATUSES = ['DRAFT', 'ACTIVE', 'ENDED', 'CANCELED'] as const;
export type PlanOrderStatus = (typeof PLAN_ORDER_STATUSES)[number];
/** Every status the platform names: filtering by one we never give is allowed and matches nothing. */
export const PLATFORM_ORDER_STATUSES = ['DRAFT', 'PENDING', 'ACTIVE', 'PAUSED', 'ENDED', 'CANCELED'] as const;
export const PLATFORM_PAYMENT_STATUSES = [
  'PAID',
  'REFUNDED',
  'FAILED',
  'UNPAID',
  'PENDING',
  'NOT_APPLICABLE',
] as const;
type PlatformPaymentStatus = (typeof PLATFORM_PAYMENT_STATUSES)[number];

export function planOrderStatus(
  purchase: Purchase,
  order: Pick<SoldOrder, 'status'>,
  membership: Membership | undefined,
  now: Date,
): PlanOrderStatus {
  if (purchase.memberCanceledDate || purchase.canceledDate || order.status === 'CANCELED') return 'CANCELED';
  // Not paid yet: the membership is granted on payment (the platform's online order awaiting payment).
  if (!purchase.membershipId) return 'DRAFT';
  // A membership the merchant deleted, or one past its end.
  if (!membership || (membership.expiresAt && membership.expiresAt <= now)) return 'ENDED';
  return 'ACTIVE';
}

function lastPaymentStatus(status: PaymentStatus, totalMinor: number): PlatformPaymentStatus {
  if (totalMinor === 0) return 'NOT_APPLICABLE';
  switch (status) {
    case 'PAID':
    case 'PARTIALLY_REFUNDED':
      return 'PAID';
    case 'REFUNDED':
    case 'FULLY_REFUNDED':
      return 'REFUNDED';
    case 'VOIDED':
      return 'FAILED';
    case 'NOT_PAID':
      return 'UNPAID';
    case 'AUTHORIZED':
    case 'PARTIALLY_PAID':
      return 'PENDING';
  }
}

/** A rate in parts per million as the platform's percentage string: 72500 → "7.25". */
const percent = (ppm: number) => (ppm / 10_000).toFixed(ppm % 100 === 0 ? 2 : 4);

export function toWirePlanOrder(input: {
  purchase: Purchase;
  order: SoldOrder;
  plan: MembershipPlan | undefined;
  membership: Membership | undefined;
  now: Date;
}) {
  const { purchase, order, plan, membership, now } = input;
  const money = (minor: number) => toDecimalString(minor, order.currency);
  const line = order.lines[0];
  const inclusive = order.totals.tax.pricesIncludeTax;
  const taxMinor = line?.taxMinor ?? order.totals.priceSummary.tax;
  const grossMinor = line?.subtotalMinor ?? order.totals.priceSummary.subtotal;
  const discountMinor = line?.discountMinor ?? order.totals.priceSummary.discount;
  const jurisdictions = line?.taxBreakdown ?? [];
  const price = {
    // The platform's subtotal is before tax, whether or not the store's prices include it.
    subtotal: money(inclusive ? grossMinor - taxMinor : grossMinor),
    discount: money(discountMinor),
    tax: {
      name: jurisdictions.length === 1 ? (jurisdictions[0]?.jurisdiction ?? 'Tax') : 'Tax',
      includedInPrice: inclusive,
      rate: percent(line?.taxPpm ?? 0),
      amount: money(taxMinor),
    },
    total: money(line?.totalMinor ?? order.totalMinor),
    currency: order.currency,
  };
  const planPrice = money(line?.unitPriceMinor ?? order.totalMinor);
  // The plan's term as it is now (the order froze its price, not its duration); a deleted plan's is unknown.
  const model = !plan
    ? {}
    : plan.durationDays !== undefined
      ? { singlePaymentForDuration: { count: plan.durationDays, unit: 'DAY' } }
      : { singlePaymentUnlimited: true };
  const status = planOrderStatus(purchase, order, membership, now);
  const started = membership?.createdDate ?? order.paidDate ?? undefined;
  const canceled = purchase.memberCanceledDate
    ? { requestedDate: purchase.memberCanceledDate, cause: 'MEMBER_ACTION' }
    : purchase.canceledDate || order.status === 'CANCELED'
      ? { requestedDate: purchase.canceledDate ?? purchase.updatedDate, cause: 'OWNER_ACTION' }
      : undefined;
  return {
    id: purchase.id,
    planId: purchase.planId,
    // Every platform plan order has a subscription; ours is the order itself (paid once).
    subscriptionId: purchase.id,
    // Contacts are the members' own profiles here (see the members API), so the contact id is the member's.
    buyer: { memberId: purchase.memberId, contactId: purchase.memberId },
    priceDetails: { ...model, ...price, planPrice },
    pricing: {
      ...model,
      prices: [{ duration: { cycleFrom: 1, numberOfCycles: 1 }, price: { ...price, proration: '0' } }],
    },
    // Bought by the member on the store's site (card, pay later or free): the platform's online order.
    type: 'ONLINE',
    status,
    lastPaymentStatus: lastPaymentStatus(order.paymentStatus, order.totalMinor),
    ...(started ? { startDate: started.toISOString() } : {}),
    ...(membership?.expiresAt ? { endDate: membership.expiresAt.toISOString() } : {}),
    ...(status === 'ACTIVE' && started
      ? {
          currentCycle: {
            index: 1,
            startedDate: started.toISOString(),
            ...(membership?.expiresAt ? { endedDate: membership.expiresAt.toISOString() } : {}),
          },
        }
      : {}),
    ...(canceled
      ? {
          cancellation: {
            requestedDate: canceled.requestedDate.toISOString(),
            cause: canceled.cause,
            // A plan paid once ends at once when canceled: nothing is paid later to wait for.
            effectiveAt: 'IMMEDIATELY',
          },
        }
      : {}),
    pausePeriods: [],
    planName: line?.name ?? plan?.name ?? '',
    planDescription: plan?.description ?? '',
    planPrice,
    createdDate: purchase.createdDate.toISOString(),
    updatedDate: purchase.updatedDate.toISOString(),
  };
}
export type WirePlanOrder = ReturnType<typeof toWirePlanOrder>;
