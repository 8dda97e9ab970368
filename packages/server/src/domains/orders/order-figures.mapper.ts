import type { PaymentRecord } from '../payments/index.js';
import { type Figure, giftCardLabel, summaryFigures } from '../pricing/index.js';
import type { OrderRecord } from './orders-read.service.js';

/** What an order took and gave back: its payments (any status) and the sum of its refunds. */
export interface OrderMoney {
  payments: readonly PaymentRecord[];
  refundedMinor: number;
}

/** Card brands as gateways name them (VISA, visa, amex) in the words a card shows. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** How a payment was made, in words: "Visa ••••4242", "offline payment" (lists of payments print it). */
export function paymentMethodWords(payment: PaymentRecord): string {
  if (payment.provider === 'OFFLINE') return 'offline payment';
  const brand = payment.cardBrand ? (BRANDS[payment.cardBrand.toLowerCase()] ?? payment.cardBrand) : 'card';
  return `${brand}${payment.cardLast4 ? ` ••••${payment.cardLast4}` : ''}`;
}

function paidByLabel(payment: PaymentRecord): string {
  return payment.provider === 'OFFLINE' ? 'Paid offline' : `Paid by ${paymentMethodWords(payment)}`;
}

/** Money received: captured payments and the gift card's part (a cancelled order gave the card its part back). */
export function paidMinorOf(order: OrderRecord, payments: readonly PaymentRecord[]): number {
  return captured(payments) + giftCardPaid(order);
}

const captured = (payments: readonly PaymentRecord[]) =>
  payments.filter((p) => p.status === 'CAPTURED').reduce((sum, p) => sum + p.amountMinor, 0);

const giftCardPaid = (order: OrderRecord) =>
  order.status === 'CANCELED' ? 0 : (order.totals.giftCard?.appliedAmount ?? 0);

/**
 * An order's rows, the one source of its figures: the summary (subtotal to total), then — when its money
 * is known — each way it was paid (the gift card first), what is still due, what was refunded and the
 * net the store kept. The buyer's pages, the e-mails and the admin print these rows as they are.
 */
export function orderFigures(order: OrderRecord, money?: OrderMoney): Figure[] {
  const rows = summaryFigures({ ...order.totals, currency: order.currency }, { shipping: !!order.shipping });
  if (!money) return rows;
  const giftCard = giftCardPaid(order);
  const paid = paidMinorOf(order, money.payments);
  const balance = order.status === 'CANCELED' ? 0 : Math.max(order.totals.priceSummary.total - paid, 0);
  if (giftCard > 0 && order.totals.giftCard)
    rows.push({
      kind: 'PAID',
      label: `Paid by ${giftCardLabel(order.totals.giftCard.code).replace('Gift', 'gift')}`,
      amountMinor: giftCard,
    });
  for (const payment of money.payments)
    if (payment.status === 'CAPTURED')
      rows.push({ kind: 'PAID', label: paidByLabel(payment), amountMinor: payment.amountMinor });
  if (balance > 0) rows.push({ kind: 'BALANCE', label: 'Still due', amountMinor: balance });
  if (money.refundedMinor > 0) {
    rows.push({ kind: 'REFUNDED', label: 'Refunded', amountMinor: -money.refundedMinor });
    rows.push({ kind: 'NET', label: 'Net paid', amountMinor: paid - money.refundedMinor });
  }
  return rows;
}
