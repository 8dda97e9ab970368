import type { Static } from 'typebox';
import { toWireMoney, type WireMoney } from '../../../lib/money.js';
import { ppmToDecimalString, ppmToPercent } from '../../../lib/ratio.js';
import type { LineView } from '../lines/line.types.js';
import type { LineTotals, TaxBreakdown, Totals, Violation } from '../totals/totals.types.js';
import type { ViolationOut } from './common.contract.js';
import { checkoutFigures, figuresOut } from './figures.mapper.js';
import type {
  AppliedDiscountOut,
  CalculatedLineItemOut,
  CalculationErrorsOut,
  MembershipOptionsOut,
  PriceSummaryOut,
  TaxDetailsOut,
  TaxSummaryOut,
  TotalsFieldsOut,
} from './totals.contract.js';

/** Membership and app ids the protocol carries; ours are one built-in "app". */
export const MEMBERSHIPS_APP_ID = 'openshelf-memberships';
export const GIFT_CARDS_APP_ID = 'openshelf-gift-cards';

export interface TotalsWireContext {
  currency: string;
  /** Names of shipping regions by id (the engine reports the id). */
  regionNames: Map<string, string>;
  requestedShippingCode?: string;
  /** The applied gift card: shown by its last four characters only. */
  giftCard?: { id: string; last4: string };
}

export function moneyOf(currency: string) {
  return (minor: number): WireMoney => toWireMoney(minor, currency);
}

export function priceSummaryOut(
  totals: Pick<Totals, 'currency' | 'priceSummary'>,
): Static<typeof PriceSummaryOut> {
  const m = moneyOf(totals.currency);
  const s = totals.priceSummary;
  return {
    subtotal: m(s.subtotal),
    shipping: m(s.shipping),
    tax: m(s.tax),
    discount: m(s.discount),
    total: m(s.total),
    additionalFees: m(s.additionalFees),
  };
}

export function appliedDiscountsOut(
  totals: Pick<Totals, 'currency' | 'appliedDiscounts'>,
): Static<typeof AppliedDiscountOut>[] {
  const m = moneyOf(totals.currency);
  return totals.appliedDiscounts.map((discount) => ({
    discountType: discount.scope,
    ...(discount.coupon
      ? { coupon: { ...discount.coupon, amount: m(discount.amount) } }
      : {
          merchantDiscount: {
            amount: m(discount.amount),
            ...(discount.merchantDiscount?.ppm !== undefined
              ? { percentage: ppmToPercent(discount.merchantDiscount.ppm) }
              : {}),
          },
        }),
    lineItemIds: discount.lineItemIds,
  }));
}

export function taxDetailsOut(
  currency: string,
  taxable: number,
  tax: number,
  ppm: number,
  breakdown: TaxBreakdown[],
): Static<typeof TaxDetailsOut> {
  const m = moneyOf(currency);
  return {
    taxableAmount: m(taxable),
    taxRate: ppmToDecimalString(ppm),
    totalTax: m(tax),
    rateBreakdown: breakdown.map((b) => ({
      name: b.jurisdiction,
      rate: ppmToDecimalString(b.ppm),
      tax: m(b.taxAmount),
    })),
    taxBreakdown: breakdown.map((b) => ({
      jurisdiction: b.jurisdiction,
      jurisdictionType: b.jurisdictionType,
      rate: ppmToDecimalString(b.ppm),
      taxAmount: m(b.taxAmount),
      taxableAmount: m(b.taxableAmount),
      taxName: `${b.jurisdiction} tax`,
    })),
  };
}

export function calculatedLineOut(currency: string, line: LineTotals): Static<typeof CalculatedLineItemOut> {
  const m = moneyOf(currency);
  return {
    lineItemId: line.id,
    pricesBreakdown: {
      totalPriceAfterTax: m(line.total),
      totalPriceBeforeTax: m(line.taxableAmount),
      taxDetails: taxDetailsOut(currency, line.taxableAmount, line.tax, line.taxPpm, line.taxBreakdown),
      totalDiscount: m(line.discount),
      price: m(line.unitPrice),
      priceBeforeDiscounts: m(line.unitPrice),
      lineItemPrice: m(line.unitPrice * line.quantity),
      fullPrice: m(line.fullUnitPrice),
    },
    paymentOption: line.paymentOption,
  };
}

export function taxSummaryOut(totals: Totals): Static<typeof TaxSummaryOut> {
  const m = moneyOf(totals.currency);
  const taxable = totals.lines.reduce((sum, line) => sum + line.taxableAmount, 0);
  return {
    taxableAmount: m(taxable),
    totalTax: m(totals.priceSummary.tax),
    calculationDetails: {
      rateType: totals.tax.rateType,
      ...(totals.tax.manualReason ? { manualRateReason: totals.tax.manualReason } : {}),
      ...(totals.tax.fallbackReason
        ? { autoTaxFallbackDetails: { fallbackReason: totals.tax.fallbackReason } }
        : {}),
    },
  };
}

export function violationsOut(violations: Violation[]): Static<typeof ViolationOut>[] {
  return violations.map((violation) => ({
    severity: violation.severity,
    target: violation.lineItemId
      ? { lineItem: { name: 'LINE_ITEM_DEFAULT', id: violation.lineItemId } }
      : { other: { name: 'OTHER_DEFAULT' } },
    description: violation.description,
    code: violation.code,
    ...(violation.suggestedFix ? { suggestedFix: violation.suggestedFix } : {}),
  }));
}

const CALCULATION_ERROR_FIELDS: [RegExp, keyof Static<typeof CalculationErrorsOut>][] = [
  [/^(SHIPPING_OPTION|DELIVERY_SLOT)_UNAVAILABLE$/, 'selectedShippingOptionError'],
  [/^SHIPPING_DESTINATION_NOT_SERVED$/, 'generalShippingCalculationError'],
  [/^AUTO_TAX_FAILED$/, 'taxCalculationError'],
  [/^COUPON_/, 'couponCalculationError'],
  [/^GIFT_CARD_/, 'giftCardCalculationError'],
  [/^MEMBERSHIP_/, 'membershipError'],
];

/** The protocol's calculationErrors: shipping, tax, coupon, gift card and membership problems by kind. */
export function calculationErrorsOut(violations: Violation[]): Static<typeof CalculationErrorsOut> {
  const out: Static<typeof CalculationErrorsOut> = {};
  for (const violation of violations) {
    const field = CALCULATION_ERROR_FIELDS.find(([pattern]) => pattern.test(violation.code))?.[1];
    if (field && field !== 'orderValidationErrors' && !out[field])
      out[field] = { applicationError: { code: violation.code, description: violation.description } };
  }
  const lineErrors = violations.filter((v) => v.severity === 'ERROR' && v.lineItemId);
  if (lineErrors.length > 0)
    out.orderValidationErrors = lineErrors.map((v) => ({ code: v.code, description: v.description }));
  return out;
}

export function membershipOptionsOut(totals: Totals): Static<typeof MembershipOptionsOut> {
  const options = totals.membershipOptions;
  const membership = (m: { id: string; name: string; expirationDate?: Date; lineItemIds?: string[] }) => ({
    id: m.id,
    appId: MEMBERSHIPS_APP_ID,
    name: { original: m.name, translated: m.name },
    lineItemIds: m.lineItemIds ?? [],
    ...(m.expirationDate ? { expirationDate: m.expirationDate } : {}),
  });
  return {
    eligibleMemberships: options.eligible.map(membership),
    invalidMemberships: options.invalid.map((m) => ({ membership: membership(m), reason: m.reason })),
    selectedMemberships: options.selected.map((s) => ({ ...s, appId: MEMBERSHIPS_APP_ID })),
  };
}

/** All totals fields of an estimate or a checkout. */
export function totalsOut(totals: Totals, ctx: TotalsWireContext): Static<typeof TotalsFieldsOut> {
  const m = moneyOf(totals.currency);
  const summary = priceSummaryOut(totals);
  const zero = m(0);
  return {
    priceSummary: summary,
    appliedDiscounts: appliedDiscountsOut(totals),
    calculationErrors: calculationErrorsOut(totals.violations),
    violations: violationsOut(totals.violations),
    membershipOptions: membershipOptionsOut(totals),
    additionalFees: totals.additionalFees.map((fee) => ({
      code: fee.type,
      name: fee.title,
      price: m(fee.amount),
      priceBeforeTax: m(fee.amount),
      priceAfterTax: m(fee.amount),
      source: 'SHIPPING',
    })),
    taxSummary: taxSummaryOut(totals),
    payNow: { ...summary, total: m(totals.payNow) },
    payLater: {
      subtotal: zero,
      shipping: zero,
      tax: zero,
      discount: zero,
      additionalFees: zero,
      total: m(totals.payLater),
    },
    weightUnit: totals.weightUnit,
    currency: totals.currency,
    figures: figuresOut(checkoutFigures(totals, { shipping: totals.shipping.required }), totals.currency),
    ...(totals.giftCard && ctx.giftCard
      ? {
          giftCard: {
            id: ctx.giftCard.id,
            obfuscatedCode: `••••${ctx.giftCard.last4}`,
            amount: m(totals.giftCard.appliedAmount),
            appId: GIFT_CARDS_APP_ID,
          },
        }
      : {}),
  };
}

export type { LineView };
