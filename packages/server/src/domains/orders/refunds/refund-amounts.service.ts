import { type FieldViolation, ValidationFailed } from '../../../lib/http/errors.js';
import { formatMoney } from '../../../lib/money.js';
import type { OrderLine } from '../order.types.js';
import type { OrderRecord } from '../orders-read.service.js';
import type { RefundedLine } from '../refunds.schema.js';

/** What earlier refunds of an order gave back, summed. */
export interface RefundHistory {
  /** Units refunded per line. */
  quantities: Map<string, number>;
  /** Units put back in stock per line. */
  restocked: Map<string, number>;
  shippingMinor: number;
  giftCardMinor: number;
  totalMinor: number;
}

export function refundHistoryOf(
  rows: readonly {
    lines: RefundedLine[];
    restocked: { lineItemId: string; quantity: number }[];
    shippingMinor: number;
    giftCardMinor: number;
    amountMinor: number;
  }[],
): RefundHistory {
  const history: RefundHistory = {
    quantities: new Map(),
    restocked: new Map(),
    shippingMinor: 0,
    giftCardMinor: 0,
    totalMinor: 0,
  };
  for (const row of rows) {
    for (const line of row.lines)
      history.quantities.set(line.lineItemId, (history.quantities.get(line.lineItemId) ?? 0) + line.quantity);
    for (const line of row.restocked)
      history.restocked.set(line.lineItemId, (history.restocked.get(line.lineItemId) ?? 0) + line.quantity);
    history.shippingMinor += row.shippingMinor;
    history.giftCardMinor += row.giftCardMinor;
    history.totalMinor += row.amountMinor;
  }
  return history;
}

/**
 * The share of a line's paid total (after discounts, with tax) that `quantity` more units are worth
 * when `before` units were refunded already. Cumulative rounding: refunding a line unit by unit gives
 * back exactly its total, never a cent more or less.
 */
export function lineShareMinor(line: OrderLine, before: number, quantity: number): number {
  const upTo = (units: number) => Math.round((line.totalMinor * units) / line.quantity);
  return upTo(before + quantity) - upTo(before);
}

/** What the buyer paid for delivery: the shipping price after its discount, with its tax. */
export function shippingPaidMinor(order: OrderRecord): number {
  const totals = order.totals;
  // The summary's shipping is the price before a shipping coupon; the tax was charged on what is left.
  const discount = order.shipping?.discountMinor ?? 0;
  return totals.priceSummary.shipping - discount + (totals.tax.pricesIncludeTax ? 0 : totals.tax.shippingTax);
}

export interface RefundLineRequest {
  lineItemId: string;
  quantity: number;
}

/**
 * The lines a refund gives back, checked against the order and the refunds before it: each line must
 * be the order's, and no line is refunded beyond its ordered quantity. Violations name the field.
 */
export function refundedLines(
  order: OrderRecord,
  history: RefundHistory,
  items: readonly RefundLineRequest[],
  field: string,
): RefundedLine[] {
  const violations: FieldViolation[] = [];
  const seen = new Set<string>();
  const lines: RefundedLine[] = [];
  items.forEach((item, index) => {
    const line = order.lines.find((candidate) => candidate.id === item.lineItemId);
    if (!line) {
      violations.push({
        field: `${field}[${index}].lineItemId`,
        violatedRule: 'VALIDATION',
        description: `is not a line of order #${order.number}`,
      });
      return;
    }
    if (seen.has(line.id)) {
      violations.push({
        field: `${field}[${index}].lineItemId`,
        violatedRule: 'VALIDATION',
        description: 'is listed twice; give each line once with its quantity',
      });
      return;
    }
    seen.add(line.id);
    const before = history.quantities.get(line.id) ?? 0;
    const left = line.quantity - before;
    if (item.quantity > left) {
      violations.push({
        field: `${field}[${index}].quantity`,
        violatedRule: 'MAX',
        description:
          left === 0
            ? `"${line.name}" was refunded in full already`
            : `is more than the ${left} of "${line.name}" not yet refunded`,
        data: { maxQuantity: left, threshold: left },
      });
      return;
    }
    lines.push({
      lineItemId: line.id,
      quantity: item.quantity,
      amountMinor: lineShareMinor(line, before, item.quantity),
    });
  });
  if (violations.length > 0) throw new ValidationFailed(violations);
  return lines;
}

/** Money words for messages: "$12.50". */
export const moneyWords = (order: OrderRecord, minor: number) => formatMoney(minor, order.currency);
