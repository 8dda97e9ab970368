import type { DbOrTx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import type { ProductRecordsById } from '../catalog/index.js';
import {
  type Coupon,
  couponProblem,
  giftCardProblem,
  loadPricingSetup,
  type PricingSetup,
} from '../store-setup/index.js';
import { type PostalAddress, toTotalsAddress } from './lines/address.types.js';
import { type EvaluationContext, evaluateLines } from './lines/evaluate.service.js';
import type { LineView, StoredLine } from './lines/line.types.js';
import type { PlanSales } from './lines/plan-sales.types.js';
import { calculateTotals } from './totals/calculate.rules.js';
import type { CouponInput, TaxProvider, Totals, TotalsLine, Violation } from './totals/totals.types.js';

export interface StoredMerchantDiscount {
  amountMinor?: number;
  ppm?: number;
  lineItemIds?: string[];
}

/** What every priced call needs from the app (not from the request). */
export interface PricingEnv {
  /** STORE_CURRENCY. */
  currency: string;
  /** PUBLIC_URL: absolute media and page links. */
  baseUrl: string;
  /** The AUTO tax provider, when one is configured (none by default: FALLBACK_RATE). */
  taxProvider?: TaxProvider;
  /** The app's products-by-id reader: what lines are priced from (records cached per app, ADR 022). */
  catalogRecords: ProductRecordsById;
  /** How Pricing Plans lines are sold (the plans domain's); without it no plan line can be ordered. */
  planSales?: PlanSales;
}

export interface PricingRequest {
  lines: LineView[];
  setup: PricingSetup;
  merchantDiscounts?: StoredMerchantDiscount[];
  shippingAddress?: PostalAddress;
  billingAddress?: PostalAddress;
  selectedShippingCode?: string;
  selectedMemberships?: { id: string; lineItemIds: string[] }[];
  calculateTax?: boolean;
  calculateShipping?: boolean;
  calculateAdditionalFees?: boolean;
  now: Date;
}

/** The coupon, gift card and member a set-up is loaded for. */
export type SetupRefs = { couponId?: string | null; giftCardId?: string | null; memberId?: string | null };

/** Loads what pricing needs from the store set-up (one round trip). */
export function loadSetup(db: DbOrTx, env: PricingEnv, refs: SetupRefs): Promise<PricingSetup> {
  return loadPricingSetup(db, { currency: env.currency, ...refs });
}

/**
 * A cart's or checkout's stored lines evaluated against the catalog, and the store set-up they are priced
 * with: two independent reads, side by side on the pool, one after the other in a transaction.
 */
export function linesWithSetup(
  db: DbOrTx,
  env: PricingEnv,
  lines: readonly StoredLine[],
  refs: SetupRefs,
  evaluation: Pick<EvaluationContext, 'hold' | 'loaded'> = {},
): Promise<[LineView[], PricingSetup]> {
  return readTogether(
    db,
    () =>
      evaluateLines(db, lines, {
        catalogRecords: env.catalogRecords,
        currency: env.currency,
        baseUrl: env.baseUrl,
        ...evaluation,
      }),
    () => loadSetup(db, env, refs),
  );
}

/**
 * Runs the totals engine (ADR 008) on evaluated lines and the store set-up. A coupon or gift card that
 * stopped being usable since it was applied is left out, with a WARNING saying why.
 */
export async function priceLines(env: PricingEnv, request: PricingRequest): Promise<Totals> {
  const { setup, now } = request;
  const extra: Violation[] = [];
  const coupon = stillUsable(setup.coupon, couponProblem, now, extra);
  const giftCard = stillUsable(setup.giftCard, giftCardProblem, now, extra);
  const totals = await calculateTotals({
    currency: env.currency,
    weightUnit: setup.settings.weightUnit,
    lines: request.lines.map(totalsLineOf),
    merchantDiscounts: (request.merchantDiscounts ?? []).map((discount) => ({
      ...(discount.amountMinor !== undefined ? { amount: discount.amountMinor } : {}),
      ...(discount.ppm !== undefined ? { ppm: discount.ppm } : {}),
      ...(discount.lineItemIds ? { lineItemIds: discount.lineItemIds } : {}),
    })),
    ...(coupon ? { coupon: couponForTotals(coupon) } : {}),
    ...(giftCard
      ? { giftCard: { code: giftCard.last4, balance: giftCard.balanceMinor, currency: giftCard.currency } }
      : {}),
    memberships: setup.memberships,
    selectedMemberships: request.selectedMemberships ?? [],
    ...(request.shippingAddress ? { shippingAddress: toTotalsAddress(request.shippingAddress) } : {}),
    ...(request.billingAddress ? { billingAddress: toTotalsAddress(request.billingAddress) } : {}),
    ...(request.selectedShippingCode ? { selectedShippingOption: request.selectedShippingCode } : {}),
    shipping: setup.shipping,
    tax: { ...setup.tax, ...(env.taxProvider ? { provider: env.taxProvider } : {}) },
    ...(request.calculateTax !== undefined ? { calculateTax: request.calculateTax } : {}),
    ...(request.calculateShipping !== undefined ? { calculateShipping: request.calculateShipping } : {}),
    ...(request.calculateAdditionalFees !== undefined
      ? { calculateAdditionalFees: request.calculateAdditionalFees }
      : {}),
    now,
  });
  totals.violations.push(...extra);
  return totals;
}

function totalsLineOf(view: LineView): TotalsLine {
  return {
    id: view.id,
    quantity: view.quantity,
    itemType: view.itemType,
    unitPrice: view.unitPriceMinor,
    fullUnitPrice: view.fullUnitPriceMinor,
    unitWeight: view.weight,
    ...(view.productId ? { productId: view.productId } : {}),
    collectionIds: view.collectionIds,
    availability: view.availability,
    ...(view.paymentOption === 'FULL_PAYMENT_OFFLINE'
      ? { paymentOption: 'FULL_PAYMENT_OFFLINE' as const }
      : {}),
    ...(view.paymentOption === 'DEPOSIT_ONLINE' && view.depositUnitMinor !== undefined
      ? { paymentOption: 'DEPOSIT_ONLINE' as const, depositUnitAmount: view.depositUnitMinor }
      : {}),
    taxable: view.taxable,
  };
}

/** The engine's view of a coupon. */
function couponForTotals(coupon: Coupon): CouponInput {
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    scope: coupon.scope,
    kind: coupon.kind,
    ...(coupon.amountMinor !== undefined ? { amount: coupon.amountMinor } : {}),
    ...(coupon.ppm !== undefined ? { ppm: coupon.ppm } : {}),
    productIds: coupon.productIds,
    collectionIds: coupon.collectionIds,
    ...(coupon.minimumSubtotalMinor !== undefined ? { minimumSubtotal: coupon.minimumSubtotalMinor } : {}),
  };
}

/** The coupon or gift card if it can still be applied; otherwise undefined, with a WARNING saying why. */
function stillUsable<T>(
  item: T | undefined,
  problemOf: (item: T, now: Date) => { code: string; message: string } | undefined,
  now: Date,
  warnings: Violation[],
): T | undefined {
  const problem = item ? problemOf(item, now) : undefined;
  if (!problem) return item;
  warnings.push({
    severity: 'WARNING',
    code: problem.code,
    description: `${problem.message} It was not applied.`,
  });
  return undefined;
}
