import { addressLines } from '@openshelf/sdk/address';
import { formatMoney } from '../../../lib/money.js';
import type {
  CancellationMail,
  MailLink,
  MailOrder,
  MailTotalRow,
  OrderConfirmationMail,
  PaymentInstructionsMail,
  PlanPurchaseMail,
} from '../../mail/index.js';
import type { OrderLine } from '../order.types.js';
import type { OrderRecord } from '../orders-read.service.js';

// Orders as their e-mails show them: every amount formatted in the order's currency, options as
// "Name: value", the address as its country prints it (the storefront's own function). The mail
// templates only lay these out.

const PAYMENT_WORDS: Record<OrderRecord['paymentStatus'], string> = {
  NOT_PAID: 'not paid yet',
  AUTHORIZED: 'authorized, charged when your order ships',
  PAID: 'paid',
  PARTIALLY_PAID: 'partly paid',
  VOIDED: 'voided',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'partly refunded',
  FULLY_REFUNDED: 'refunded',
};

export const paymentWords = (order: OrderRecord) => PAYMENT_WORDS[order.paymentStatus];

/** A plan bought through the plans domain (its orders carry the `plan:` checkout). */
export const isPlanPurchase = (order: OrderRecord) => order.checkoutId.startsWith('plan:');

export const optionsOf = (line: OrderLine) =>
  line.descriptionLines.map((option) => `${option.name}: ${option.value}`);

export function shipTo(order: OrderRecord): string[] {
  const destination = order.shipping?.destination;
  return addressLines(destination?.address, destination?.contactDetails);
}

function totalRows(order: OrderRecord): MailTotalRow[] {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const summary = order.totals.priceSummary;
  const giftCard = order.totals.giftCard?.appliedAmount ?? 0;
  return [
    { label: 'Subtotal', amount: money(summary.subtotal) },
    ...(summary.discount ? [{ label: 'Discount', amount: `−${money(summary.discount)}` }] : []),
    ...(order.shipping ? [{ label: 'Shipping', amount: money(summary.shipping) }] : []),
    ...(summary.additionalFees ? [{ label: 'Fees', amount: money(summary.additionalFees) }] : []),
    { label: 'Tax', amount: money(summary.tax) },
    { label: 'Total', amount: money(summary.total), total: true },
    ...(giftCard ? [{ label: 'Paid by gift card', amount: `−${money(giftCard)}` }] : []),
  ];
}

function mailOrder(order: OrderRecord, link: MailLink): MailOrder {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const shipping = order.shipping;
  const delivery = [shipping?.title, shipping?.deliveryTime].filter(Boolean).join(' · ');
  return {
    number: String(order.number),
    date: order.createdDate.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
    lines: order.lines.map((line) => ({
      name: line.name,
      options: optionsOf(line),
      quantity: line.quantity,
      unitPrice: money(line.unitPriceMinor),
      lineTotal: money(line.subtotalMinor),
    })),
    totals: totalRows(order),
    shipTo: shipTo(order),
    ...(delivery ? { delivery } : {}),
    link,
  };
}

// `link` is the order's own page (links/order-links.service.ts): a member's account page or a guest's
// access link.

export function confirmationView(
  order: OrderRecord,
  link: MailLink,
  downloads: string[],
): OrderConfirmationMail {
  return {
    order: mailOrder(order, link),
    paymentStatus: paymentWords(order),
    downloads: downloads.map((url, index) => ({ label: `Download file ${index + 1}`, url })),
  };
}

export function paymentInstructionsView(order: OrderRecord, link: MailLink): PaymentInstructionsMail {
  return {
    orderNumber: String(order.number),
    amountDue: formatMoney(order.totals.payNow + order.totals.payLater, order.currency),
    link,
  };
}

export function planPurchaseView(order: OrderRecord, publicUrl: string): PlanPurchaseMail {
  const line = order.lines[0];
  return {
    orderNumber: String(order.number),
    planName: line?.name ?? 'Plan',
    terms: line?.descriptionLines.map((option) => option.value).join(' · ') ?? '',
    total: formatMoney(order.totals.priceSummary.total, order.currency),
    paymentStatus: paymentWords(order),
    link: {
      label: 'See your plans',
      url: `${publicUrl.replace(/\/$/, '')}/account/subscriptions`,
    },
  };
}

export function cancellationView(order: OrderRecord, link: MailLink): CancellationMail {
  return {
    orderNumber: String(order.number),
    lines: order.lines.map((line) => ({
      name: line.name,
      options: optionsOf(line),
      quantity: line.quantity,
    })),
    payment:
      order.paymentStatus === 'REFUNDED'
        ? 'refunded'
        : order.paymentStatus === 'VOIDED'
          ? 'released'
          : 'none',
    link,
  };
}
