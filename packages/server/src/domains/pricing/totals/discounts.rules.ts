import { allocate, applyPpm } from '../../../lib/ratio.js';
import type { AppliedDiscount, CouponInput, MerchantDiscountInput, Violation } from './totals.types.js';

/** A line as the discount stage sees it: what is still left to discount on it. */
export interface DiscountableLine {
  id: string;
  amount: number;
  productId?: string;
  collectionIds?: string[];
}

export interface DiscountOutcome {
  /** Discount per line id (merchant discounts + coupon), never more than the line's amount. */
  perLine: Map<string, number>;
  applied: AppliedDiscount[];
  violations: Violation[];
  /** A SHIPPING coupon that passed its checks; the shipping stage applies it. */
  shippingCoupon?: CouponInput;
}

/**
 * Merchant discounts first, then the coupon (one per cart), each on what the previous ones left.
 * An order-level amount is spread over its lines in proportion to their amounts (lib/ratio allocate),
 * so per-line prices (and the tax on them) add up to the cart's totals exactly.
 */
export function applyDiscounts(
  lines: DiscountableLine[],
  merchantDiscounts: MerchantDiscountInput[],
  coupon: CouponInput | undefined,
): DiscountOutcome {
  const remaining = new Map(lines.map((line) => [line.id, line.amount]));
  const perLine = new Map(lines.map((line) => [line.id, 0]));
  const applied: AppliedDiscount[] = [];
  const violations: Violation[] = [];

  const take = (eligible: DiscountableLine[], total: number): { amount: number; lineItemIds: string[] } => {
    const available = eligible.map((line) => remaining.get(line.id) ?? 0);
    const capped = Math.min(
      total,
      available.reduce((a, b) => a + b, 0),
    );
    const parts = allocate(capped, available);
    eligible.forEach((line, index) => {
      const part = parts[index] ?? 0;
      remaining.set(line.id, (remaining.get(line.id) ?? 0) - part);
      perLine.set(line.id, (perLine.get(line.id) ?? 0) + part);
    });
    return {
      amount: capped,
      lineItemIds: eligible.filter((_, index) => (parts[index] ?? 0) > 0).map((line) => line.id),
    };
  };
  const sumRemaining = (eligible: DiscountableLine[]) =>
    eligible.reduce((sum, line) => sum + (remaining.get(line.id) ?? 0), 0);

  for (const discount of merchantDiscounts) {
    const eligible = discount.lineItemIds
      ? lines.filter((line) => discount.lineItemIds?.includes(line.id))
      : lines;
    // The protocol's merchant percentage is "calculated from items price before other discounts";
    // take() still caps it at what earlier discounts left.
    const wanted =
      discount.ppm !== undefined
        ? applyPpm(
            eligible.reduce((sum, line) => sum + line.amount, 0),
            discount.ppm,
          )
        : (discount.amount ?? 0);
    const { amount, lineItemIds } = take(eligible, wanted);
    if (amount > 0) {
      applied.push({
        scope: discount.lineItemIds ? 'SPECIFIC_ITEMS' : 'GLOBAL',
        kind: discount.ppm !== undefined ? 'PERCENT' : 'AMOUNT',
        amount,
        merchantDiscount: discount.ppm !== undefined ? { ppm: discount.ppm } : {},
        lineItemIds,
      });
    }
  }

  if (!coupon) return { perLine, applied, violations };
  const subtotal = sumRemaining(lines);
  if (coupon.minimumSubtotal !== undefined && subtotal < coupon.minimumSubtotal) {
    violations.push({
      severity: 'WARNING',
      code: 'COUPON_MINIMUM_NOT_MET',
      description: `Coupon ${coupon.code} needs a subtotal of at least ${coupon.minimumSubtotal} (minor units); add items to use it.`,
    });
    return { perLine, applied, violations };
  }
  if (coupon.scope === 'SHIPPING') return { perLine, applied, violations, shippingCoupon: coupon };

  const eligible =
    coupon.scope === 'GLOBAL'
      ? lines
      : lines.filter(
          (line) =>
            (line.productId !== undefined && coupon.productIds?.includes(line.productId)) ||
            (line.collectionIds ?? []).some((id) => coupon.collectionIds?.includes(id)),
        );
  if (eligible.length === 0 || sumRemaining(eligible) === 0) {
    violations.push({
      severity: 'WARNING',
      code: 'COUPON_NOT_APPLICABLE',
      description: `Coupon ${coupon.code} does not apply to any item in this cart.`,
    });
    return { perLine, applied, violations };
  }
  const wanted =
    coupon.kind === 'PERCENT' ? applyPpm(sumRemaining(eligible), coupon.ppm ?? 0) : (coupon.amount ?? 0);
  const { amount, lineItemIds } = take(eligible, wanted);
  applied.push({
    scope: coupon.scope,
    kind: coupon.kind,
    amount,
    coupon: { id: coupon.id, code: coupon.code, name: coupon.name },
    lineItemIds,
  });
  return { perLine, applied, violations };
}
