import type { Order, Product } from '../entities/index.js';
import type { productsModule } from './catalog.js';
import type { ordersModule } from './commerce.js';

/** One day of sales; money in integer minor units of the store currency. */
export interface SalesDay {
  /** `YYYY-MM-DD` in UTC. */
  date: string;
  orders: number;
  revenueMinor: number;
}

export interface SalesSummary {
  currency: string | undefined;
  /** Every day of the window, oldest first, including days without sales. */
  days: SalesDay[];
  /** Orders placed in the window (not cancelled), paid or not. */
  orders: number;
  /**
   * Money received for those orders, net of refunds: captured payments and gift cards redeemed, less
   * what refunds gave back (the admin's and those made in Stripe's dashboard). Not what is still due
   * (pay-later balances, unpaid offline orders, card authorizations not captured yet).
   */
  revenueMinor: number;
  /** Orders with any money received (the average order value divides by these). */
  paidOrders: number;
  /** Orders still waiting for payment or shipping (not cancelled). */
  awaitingPayment: number;
  awaitingFulfillment: number;
  /**
   * Best sellers by units, among paid orders (refunded in part or in full included), less the units
   * refunded; revenue is what those units sold for after discounts, before tax and shipping (each line's
   * `totalPriceBeforeTax`, less the refunded units' share of it: tax is the state's, not sales). Amounts
   * refunded without naming lines (goodwill, shipping) are not a product's and stay in.
   */
  topProducts: { productId: string; name: string; quantity: number; revenueMinor: number }[];
  /** True when the window held more orders than were read (`maxOrders`): figures cover the newest ones. */
  truncated: boolean;
}

const PAGE = 100;
const DAY_MS = 86_400_000;

/**
 * Figures for the admin dashboard, computed from the merchant order list (newest first) so that no extra
 * server endpoint is needed. Revenue is money received net of refunds (each order's
 * `balanceSummary.paid` less `balanceSummary.refunded`); cancelled orders are left out. Reads at most `maxOrders` orders.
 */
export function dashboardModule(
  orders: ReturnType<typeof ordersModule>,
  products: ReturnType<typeof productsModule>,
) {
  return {
    async sales(options: { days?: number; now?: Date; maxOrders?: number } = {}): Promise<SalesSummary> {
      const days = options.days ?? 30;
      const now = options.now ?? new Date();
      const maxOrders = options.maxOrders ?? 2000;
      const firstDay = startOfUtcDay(new Date(now.getTime() - (days - 1) * DAY_MS));
      const inWindow: Order[] = [];
      let offset = 0;
      let truncated = false;
      for (;;) {
        const page = await orders.list({ limit: PAGE, offset });
        const recent = page.orders.filter((order) => new Date(order.createdDate) >= firstDay);
        inWindow.push(...recent);
        if (recent.length < page.orders.length || page.orders.length < PAGE) break;
        offset += PAGE;
        if (offset >= maxOrders) {
          truncated = true;
          break;
        }
      }
      // Units refunded per line, read only for orders that gave money back (most did not).
      const refundedUnits = new Map<string, number>();
      const refunded = inWindow.filter((order) => order.status !== 'CANCELED' && refundedMinor(order) > 0);
      for (const order of refunded) {
        const { refunds } = await orders.transactions(order.id);
        for (const refund of refunds)
          for (const item of refund.details.items)
            refundedUnits.set(item.lineItemId, (refundedUnits.get(item.lineItemId) ?? 0) + item.quantity);
      }
      return summarise(inWindow, refundedUnits, firstDay, days, truncated);
    },
    /** Products sold out or partly sold out (a variant without stock), for restocking. */
    async lowStock(limit = 10): Promise<Product[]> {
      const page = await products.list({
        filter: { inventoryStatus: { $in: ['OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'] } },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        limit,
      });
      return page.products;
    },
  };
}

/** Orders whose money was received in full at some point (later refunds do not take them out). */
const PAID_STATUSES: readonly Order['paymentStatus'][] = [
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'REFUNDED',
];

function summarise(
  list: Order[],
  refundedUnits: ReadonlyMap<string, number>,
  firstDay: Date,
  dayCount: number,
  truncated: boolean,
): SalesSummary {
  const days: SalesDay[] = Array.from({ length: dayCount }, (_, index) => ({
    date: isoDay(new Date(firstDay.getTime() + index * DAY_MS)),
    orders: 0,
    revenueMinor: 0,
  }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  const top = new Map<string, { productId: string; name: string; quantity: number; revenueMinor: number }>();
  let awaitingPayment = 0;
  let awaitingFulfillment = 0;
  let revenueMinor = 0;
  let counted = 0;
  let paidOrders = 0;
  for (const order of list) {
    if (order.status === 'CANCELED') continue;
    counted += 1;
    const paid = paidMinor(order);
    const net = paid - refundedMinor(order);
    revenueMinor += net;
    if (paid > 0) paidOrders += 1;
    const day = byDate.get(isoDay(new Date(order.createdDate)));
    if (day) {
      day.orders += 1;
      day.revenueMinor += net;
    }
    // A voided authorization on an open order: the merchant still has to take the money or cancel.
    if (['NOT_PAID', 'AUTHORIZED', 'VOIDED'].includes(order.paymentStatus)) awaitingPayment += 1;
    if (order.fulfillmentStatus === 'NOT_FULFILLED') awaitingFulfillment += 1;
    if (!PAID_STATUSES.includes(order.paymentStatus)) continue;
    for (const line of order.lineItems) {
      const refundedQuantity = Math.min(refundedUnits.get(line.id) ?? 0, line.quantity);
      if (refundedQuantity === line.quantity) continue;
      const productId = line.catalogReference?.catalogItemId ?? line.id;
      const entry = top.get(productId) ?? {
        productId,
        name: line.productName.original,
        quantity: 0,
        revenueMinor: 0,
      };
      entry.quantity += line.quantity - refundedQuantity;
      entry.revenueMinor += keptShareMinor(
        toMinorUnits(line.totalPriceBeforeTax.amount),
        line.quantity,
        refundedQuantity,
      );
      top.set(productId, entry);
    }
  }
  return {
    currency: list[0]?.currency,
    days,
    orders: counted,
    revenueMinor,
    paidOrders,
    awaitingPayment,
    awaitingFulfillment,
    topProducts: [...top.values()]
      .sort((a, b) => b.quantity - a.quantity || b.revenueMinor - a.revenueMinor)
      .slice(0, 5),
    truncated,
  };
}

/**
 * A line's net sales less its refunded units, each unit its share of the line (rounded as the server
 * splits a line's refund, so that the units' shares add up to the line).
 */
function keptShareMinor(lineMinor: number, quantity: number, refunded: number): number {
  return lineMinor - Math.round((lineMinor * refunded) / quantity);
}

/**
 * Money received for an order. Servers before `balanceSummary` did not say: then only an order paid in
 * full counts, with its total.
 */
function paidMinor(order: Order): number {
  if (order.balanceSummary) return toMinorUnits(order.balanceSummary.paid.amount);
  return order.paymentStatus === 'PAID' ? toMinorUnits(order.priceSummary.total.amount) : 0;
}

/** What refunds gave back of an order (servers before `balanceSummary.refunded` did not say: none). */
function refundedMinor(order: Order): number {
  const refunded = order.balanceSummary?.refunded;
  return refunded ? toMinorUnits(refunded.amount) : 0;
}

/**
 * "12.50" → 1250, "-3" → -300: decimal strings of the wire into integer minor units, without floating
 * point. Assumes two fraction digits unless the string has more (e.g. three-decimal currencies).
 */
export function toMinorUnits(amount: string, fractionDigits = 2): number {
  const negative = amount.trim().startsWith('-');
  const [whole = '0', fraction = ''] = amount.trim().replace(/^[-+]/, '').split('.');
  const digits = Math.max(fractionDigits, fraction.length);
  const value = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  const scaled = digits === fractionDigits ? value : Math.round(value / 10 ** (digits - fractionDigits));
  return negative ? -scaled : scaled;
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
