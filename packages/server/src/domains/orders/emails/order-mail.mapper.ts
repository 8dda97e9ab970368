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
import { formatFigure } from '../../pricing/index.js';
import type { OrderLine } from '../order.types.js';
import { type OrderMoney, orderFigures } from '../order-figures.mapper.js';
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

/**
 * The order's figures as the order pages and the admin print them (order-figures.mapper.ts): the same rows,
 * labels and amounts, the total strong.
 */
function totalRows(order: OrderRecord, money: OrderMoney): MailTotalRow[] {
  return orderFigures(order, money).map((figure) => ({
    label: figure.label,
    amount: formatFigure(figure.amountMinor, order.currency),
    ...(figure.kind === 'TOTAL' ? { total: true } : {}),
  }));
}

function mailOrder(order: OrderRecord, link: MailLink, money: OrderMoney): MailOrder {
  const format = (minor: number) => formatMoney(minor, order.currency);
  const shipping = order.shipping;
  const delivery = [shipping?.title, shipping?.deliveryTime].filter(Boolean).join(' · ');
  return {
    number: String(order.number),
    date: order.createdDate.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
    lines: order.lines.map((line) => ({
      name: line.name,
      options: optionsOf(line),
      quantity: line.quantity,
      unitPrice: format(line.unitPriceMinor),
      // Before discounts, as the order pages print it: the lines add up to the subtotal row.
      lineTotal: format(line.subtotalMinor),
    })),
    totals: totalRows(order, money),
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
  money: OrderMoney,
): OrderConfirmationMail {
  return {
    order: mailOrder(order, link, money),
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
