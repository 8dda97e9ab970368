import { applyPpm } from '../../../lib/ratio.js';
import { applyDiscounts } from './discounts.rules.js';
import { resolveMemberships } from './memberships.rules.js';
import { shippingOptionsFor } from './shipping.rules.js';
import { calculateTax } from './tax.rules.js';
import type {
  Address,
  AppliedDiscount,
  LineTotals,
  PaymentOption,
  ShippingOption,
  Totals,
  TotalsInput,
  TotalsLine,
  Violation,
} from './totals.types.js';

/**
 * The totals engine: one function for cart estimates, checkouts and orders, so they can never disagree.
 * Order of operations (ADR 008): availability → memberships → merchant discounts → coupon → shipping
 * (and a shipping coupon) → extra charges → tax → payment split → gift card.
 */
export async function calculateTotals(input: TotalsInput): Promise<Totals> {
  const violations: Violation[] = [];
  const included = input.lines.filter((line) => isPurchasable(line, violations));
  const memberships = resolveMemberships(input, included, violations);

  const paidLines = included.filter((line) => !memberships.paidBy.has(line.id));
  const discounts = applyDiscounts(
    paidLines.map((line) => ({
      id: line.id,
      amount: line.unitPrice * line.quantity,
      productId: line.productId,
      collectionIds: line.collectionIds,
    })),
    input.merchantDiscounts ?? [],
    input.coupon,
  );
  violations.push(...discounts.violations);
  const appliedDiscounts: AppliedDiscount[] = [...discounts.applied];
  const lineAmount = (line: TotalsLine) =>
    memberships.paidBy.has(line.id)
      ? 0
      : line.unitPrice * line.quantity - (discounts.perLine.get(line.id) ?? 0);
  const discountedSubtotal = included.reduce((sum, line) => sum + lineAmount(line), 0);

  const physical = included.filter((line) => line.itemType === 'PHYSICAL');
  const totalWeight = physical.reduce((sum, line) => sum + line.unitWeight * line.quantity, 0);
  const shipping = shippingOptionsFor(input.shipping, {
    required: physical.length > 0 && input.calculateShipping !== false,
    address: input.shippingAddress,
    selectedCode: input.selectedShippingOption,
    discountedSubtotal,
    totalWeight,
    now: input.now,
  });
  violations.push(...shipping.violations);
  const shippingCost = shipping.selected?.cost ?? 0;
  let shippingDiscount = 0;
  if (discounts.shippingCoupon) {
    const coupon = discounts.shippingCoupon;
    shippingDiscount = Math.min(
      shippingCost,
      coupon.kind === 'PERCENT' ? applyPpm(shippingCost, coupon.ppm ?? 0) : (coupon.amount ?? 0),
    );
    appliedDiscounts.push({
      scope: 'SHIPPING',
      kind: coupon.kind,
      amount: shippingDiscount,
      coupon: { id: coupon.id, code: coupon.code, name: coupon.name },
      lineItemIds: [],
    });
  }

  const additionalFees =
    shipping.required && input.calculateAdditionalFees !== false
      ? input.shipping.charges
          .map((charge) => ({
            type: charge.type,
            title: charge.title,
            amount:
              charge.ppm !== undefined ? applyPpm(discountedSubtotal, charge.ppm) : (charge.amount ?? 0),
          }))
          .filter((fee) => fee.amount > 0)
      : [];
  const feesTotal = additionalFees.reduce((sum, fee) => sum + fee.amount, 0);

  const tax =
    input.calculateTax === false
      ? await calculateTax(
          { ...input.tax, calculation: 'NONE' },
          { currency: input.currency, address: undefined, items: [], shipping: 0 },
        )
      : await calculateTax(input.tax, {
          currency: input.currency,
          address: taxableAddress(input, collectedAt(input, shipping.selected)),
          items: included.map((line) => ({
            id: line.id,
            amount: lineAmount(line),
            quantity: line.quantity,
            taxable: line.taxable !== false,
          })),
          shipping: shippingCost - shippingDiscount,
        });
  violations.push(...tax.violations);
  const inclusive = input.tax.pricesIncludeTax;

  const lines: LineTotals[] = input.lines.map((line) => {
    const isIncluded = included.includes(line);
    const amount = isIncluded ? lineAmount(line) : 0;
    const taxed = tax.perLine.get(line.id) ?? { tax: 0, ppm: 0, breakdown: [] };
    const total = amount + (inclusive ? 0 : taxed.tax);
    const membershipId = memberships.paidBy.get(line.id);
    const paymentOption: PaymentOption = membershipId
      ? input.memberships?.find((m) => m.id === membershipId)?.chargedOffline
        ? 'MEMBERSHIP_OFFLINE'
        : 'MEMBERSHIP'
      : (line.paymentOption ?? 'FULL_PAYMENT_ONLINE');
    const split = paymentSplit(paymentOption, total, (line.depositUnitAmount ?? 0) * line.quantity);
    return {
      id: line.id,
      quantity: line.quantity,
      included: isIncluded,
      unitPrice: line.unitPrice,
      fullUnitPrice: line.fullUnitPrice,
      subtotal: isIncluded && !memberships.paidBy.has(line.id) ? line.unitPrice * line.quantity : 0,
      discount: discounts.perLine.get(line.id) ?? 0,
      taxableAmount: inclusive ? amount - taxed.tax : amount,
      tax: taxed.tax,
      taxRateType: taxed.ppm > 0 || tax.rateType !== 'NO_TAX_COLLECTED' ? tax.rateType : 'NO_TAX_COLLECTED',
      taxPpm: taxed.ppm,
      taxBreakdown: taxed.breakdown,
      total,
      paymentOption,
      ...split,
      ...(memberships.paidBy.has(line.id) ? { membershipId: memberships.paidBy.get(line.id) } : {}),
    };
  });

  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const lineDiscounts = lines.reduce((sum, line) => sum + line.discount, 0);
  const taxTotal = lines.reduce((sum, line) => sum + line.tax, 0) + tax.shipping.tax;
  const orderLevel = shippingCost - shippingDiscount + feesTotal + (inclusive ? 0 : tax.shipping.tax);
  const total = subtotal - lineDiscounts + orderLevel + (inclusive ? 0 : taxTotal - tax.shipping.tax);

  // Shipping, fees and their tax are paid with the online part of the order; an all-offline order pays them later too.
  const onlineLines = lines.some((line) => line.payNow > 0) || lines.every((line) => line.payLater === 0);
  let payNow = lines.reduce((sum, line) => sum + line.payNow, 0) + (onlineLines ? orderLevel : 0);
  const payLater = lines.reduce((sum, line) => sum + line.payLater, 0) + (onlineLines ? 0 : orderLevel);

  let giftCard: Totals['giftCard'];
  if (input.giftCard) {
    if (input.giftCard.currency !== input.currency) {
      violations.push({
        severity: 'ERROR',
        code: 'GIFT_CARD_CURRENCY_MISMATCH',
        description: `Gift card ${maskCode(input.giftCard.code)} is in ${input.giftCard.currency}; this store charges in ${input.currency}.`,
      });
    } else {
      // Gift cards cannot buy gift cards.
      const giftCardLines = lines.filter(
        (line) => input.lines.find((l) => l.id === line.id)?.itemType === 'GIFT_CARD',
      );
      const payable = payNow - giftCardLines.reduce((sum, line) => sum + line.payNow, 0);
      const appliedAmount = Math.max(0, Math.min(input.giftCard.balance, payable));
      payNow -= appliedAmount;
      giftCard = {
        code: input.giftCard.code,
        appliedAmount,
        remainingBalance: input.giftCard.balance - appliedAmount,
      };
    }
  }

  return {
    currency: input.currency,
    weightUnit: input.weightUnit,
    totalWeight,
    lines,
    priceSummary: {
      subtotal,
      discount: lineDiscounts + shippingDiscount,
      shipping: shippingCost,
      additionalFees: feesTotal,
      tax: taxTotal,
      total,
    },
    appliedDiscounts,
    shipping: {
      required: shipping.required,
      ...(shipping.regionId ? { regionId: shipping.regionId } : {}),
      options: shipping.options,
      ...(shipping.selected ? { selected: shipping.selected } : {}),
      cost: shippingCost,
      discount: shippingDiscount,
    },
    additionalFees,
    tax: {
      pricesIncludeTax: inclusive,
      rateType: tax.rateType,
      ...(tax.manualReason ? { manualReason: tax.manualReason } : {}),
      ...(tax.fallbackReason ? { fallbackReason: tax.fallbackReason } : {}),
      breakdown: mergeBreakdowns([...lines.flatMap((line) => line.taxBreakdown), ...tax.shipping.breakdown]),
      shippingTax: tax.shipping.tax,
      shippingPpm: tax.shipping.ppm,
      shippingBreakdown: tax.shipping.breakdown,
    },
    ...(giftCard ? { giftCard } : {}),
    membershipOptions: memberships.options,
    payNow,
    payLater,
    violations,
  };
}

function isPurchasable(line: TotalsLine, violations: Violation[]): boolean {
  const { status, quantityAvailable } = line.availability;
  if (status === 'NOT_FOUND' || status === 'NOT_AVAILABLE') {
    violations.push({
      severity: 'ERROR',
      code: status === 'NOT_FOUND' ? 'LINE_ITEM_NOT_FOUND' : 'LINE_ITEM_NOT_AVAILABLE',
      description:
        status === 'NOT_FOUND'
          ? 'This item is no longer sold; remove it to continue.'
          : 'This item is out of stock; remove it to continue.',
      lineItemId: line.id,
      suggestedFix: 'REMOVE_LINE_ITEM',
    });
    return false;
  }
  if (status === 'PARTIALLY_AVAILABLE') {
    violations.push({
      severity: 'ERROR',
      code: 'LINE_ITEM_PARTIALLY_AVAILABLE',
      description: `Only ${quantityAvailable ?? 0} of this item are left; lower the quantity to continue.`,
      lineItemId: line.id,
    });
  }
  return true;
}

function paymentSplit(
  option: PaymentOption,
  total: number,
  deposit: number,
): { payNow: number; payLater: number } {
  switch (option) {
    case 'MEMBERSHIP':
    case 'MEMBERSHIP_OFFLINE':
      return { payNow: 0, payLater: 0 };
    case 'FULL_PAYMENT_OFFLINE':
      return { payNow: 0, payLater: total };
    case 'DEPOSIT_ONLINE': {
      const now = Math.min(deposit, total);
      return { payNow: now, payLater: total - now };
    }
    default:
      return { payNow: total, payLater: 0 };
  }
}

/**
 * The pickup location the buyer collects the order at: a pickup they chose, or the one picked for a buyer
 * whose address no delivery reaches. A pickup picked for a buyer who has given no address yet is only a
 * placeholder for the estimate: it says nothing of where they will take the order.
 */
function collectedAt(input: TotalsInput, selected: ShippingOption | undefined): Address | undefined {
  if (!selected?.pickup) return undefined;
  const chosen = selected.code === input.selectedShippingOption;
  return chosen || input.shippingAddress?.country ? selected.pickup.address : undefined;
}

/**
 * Where the order is taxed. Destination-based tax (SHIPPING) taxes where the buyer receives the goods:
 * the shipping address, or for a pickup the location it is collected at, whatever address the buyer
 * gave (ADR 047). BILLING and BUSINESS are the merchant's choice of another place and stay as chosen.
 */
function taxableAddress(input: TotalsInput, pickupAddress: Address | undefined): Address | undefined {
  switch (input.tax.taxableAddressType) {
    case 'BUSINESS':
      return input.tax.businessAddress;
    case 'BILLING':
      return input.billingAddress?.country ? input.billingAddress : input.shippingAddress;
    default:
      if (pickupAddress?.country) return pickupAddress;
      return input.shippingAddress?.country ? input.shippingAddress : input.billingAddress;
  }
}

function mergeBreakdowns(items: Totals['tax']['breakdown']): Totals['tax']['breakdown'] {
  const merged = new Map<string, Totals['tax']['breakdown'][number]>();
  for (const item of items) {
    const key = `${item.jurisdictionType}:${item.jurisdiction}:${item.ppm}`;
    const existing = merged.get(key);
    if (existing) {
      existing.taxableAmount += item.taxableAmount;
      existing.taxAmount += item.taxAmount;
    } else merged.set(key, { ...item });
  }
  return [...merged.values()];
}

/** Gift card codes are secrets: show only the last four characters. */
export function maskCode(code: string): string {
  return `••••${code.slice(-4)}`;
}
