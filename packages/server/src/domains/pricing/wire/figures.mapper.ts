import type { Static } from 'typebox';
import { formatMoney, toWireMoney } from '../../../lib/money.js';
import { ppmToPercent } from '../../../lib/ratio.js';
import type { Totals } from '../totals/totals.types.js';
import type { FIGURE_KINDS, FigureOut } from './totals.contract.js';

/*
 * The money rows of a cart, checkout or order, labelled and in the order every surface prints them: the
 * storefront's summaries, the "Place order" button, the order pages, the e-mails and the admin all read
 * these rows, so no surface adds its own sum (docs/api/cart-checkout-orders.md, "Figures").
 */

export type FigureKind = (typeof FIGURE_KINDS)[number];

/** One row; `amountMinor` is signed: what is taken off (discounts, gift card, refunds) is negative. */
export interface Figure {
  kind: FigureKind;
  label: string;
  amountMinor: number;
}

export type FigureTotals = Pick<
  Totals,
  'priceSummary' | 'appliedDiscounts' | 'payNow' | 'payLater' | 'giftCard' | 'currency'
> & { tax: Pick<Totals['tax'], 'pricesIncludeTax'> };

export const giftCardLabel = (last4: string) => `Gift card ••••${last4}`;

function discountLabel(discount: Totals['appliedDiscounts'][number]): string {
  if (discount.coupon) return `Coupon ${discount.coupon.code}`;
  const ppm = discount.merchantDiscount?.ppm;
  return ppm !== undefined ? `Discount (${ppmToPercent(ppm)}%)` : 'Discount';
}

/**
 * Subtotal, each discount, shipping, fees, tax and the total. Discounts are listed one by one when they
 * add up to the summary's discount (always, for the engine's own), else as one row, so the rows add up
 * to the total — except tax in prices that include it, which is then labelled as included.
 */
export function summaryFigures(totals: FigureTotals, options: { shipping: boolean }): Figure[] {
  const s = totals.priceSummary;
  const listed = totals.appliedDiscounts.filter((discount) => discount.amount !== 0);
  const listedSum = listed.reduce((sum, discount) => sum + discount.amount, 0);
  const discounts: Figure[] =
    listedSum === s.discount
      ? listed.map((discount) => ({
          kind: 'DISCOUNT',
          label: discountLabel(discount),
          amountMinor: -discount.amount,
        }))
      : s.discount !== 0
        ? [{ kind: 'DISCOUNT', label: 'Discount', amountMinor: -s.discount }]
        : [];
  return [
    { kind: 'SUBTOTAL', label: 'Subtotal', amountMinor: s.subtotal },
    ...discounts,
    ...(options.shipping || s.shipping !== 0
      ? [{ kind: 'SHIPPING' as const, label: 'Shipping', amountMinor: s.shipping }]
      : []),
    ...(s.additionalFees !== 0
      ? [{ kind: 'FEES' as const, label: 'Fees', amountMinor: s.additionalFees }]
      : []),
    {
      kind: 'TAX',
      label: totals.tax.pricesIncludeTax ? 'Tax included' : 'Tax',
      amountMinor: s.tax,
    },
    { kind: 'TOTAL', label: 'Total', amountMinor: s.total },
  ];
}

/**
 * A cart's or checkout's rows: the summary, then the gift card taken off and what is due now (the
 * "Place order" amount) and later, whenever they differ from the total.
 */
export function checkoutFigures(totals: FigureTotals, options: { shipping: boolean }): Figure[] {
  const applied = totals.giftCard?.appliedAmount ?? 0;
  const dueNow = totals.payNow;
  const split = applied !== 0 || totals.payLater !== 0;
  return [
    ...summaryFigures(totals, options),
    ...(applied !== 0
      ? [
          {
            kind: 'GIFT_CARD' as const,
            // The engine keeps a card's last four characters only (the code is never stored).
            label: giftCardLabel(totals.giftCard?.code ?? ''),
            amountMinor: -applied,
          },
        ]
      : []),
    ...(split
      ? [
          {
            kind: 'DUE_NOW' as const,
            // "Amount due" is all there is to pay; beside a later part it is what is paid now.
            label: totals.payLater !== 0 ? 'Due now' : 'Amount due',
            amountMinor: dueNow,
          },
        ]
      : []),
    ...(totals.payLater !== 0
      ? [{ kind: 'DUE_LATER' as const, label: 'Due later', amountMinor: totals.payLater }]
      : []),
  ];
}

/** A minus sign, not a hyphen, before what is taken off: "−$10.00". */
export function formatFigure(minor: number, currency: string): string {
  return minor < 0 ? `−${formatMoney(-minor, currency)}` : formatMoney(minor, currency);
}

export function figuresOut(figures: readonly Figure[], currency: string): Static<typeof FigureOut>[] {
  return figures.map((figure) => ({
    kind: figure.kind,
    label: figure.label,
    amount: {
      ...toWireMoney(figure.amountMinor, currency),
      formattedAmount: formatFigure(figure.amountMinor, currency),
      formattedConvertedAmount: formatFigure(figure.amountMinor, currency),
    },
  }));
}
