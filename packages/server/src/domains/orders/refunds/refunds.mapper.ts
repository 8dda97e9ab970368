import type { Static } from 'typebox';
import type { PaymentRecord } from '../../payments/index.js';
import { moneyOf } from '../../pricing/index.js';
import { paymentMethodWords } from '../order-figures.mapper.js';
import type { OrderRecord } from '../orders-read.service.js';
import type { orderRefunds } from '../refunds.schema.js';
import { refundHistoryOf, shippingPaidMinor } from './refund-amounts.service.js';
import type { OrderTransactionsOut, RefundOut } from './refunds.contract.js';

type RefundRow = typeof orderRefunds.$inferSelect;

export function refundOut(refund: RefundRow, order: Pick<OrderRecord, 'currency'>): Static<typeof RefundOut> {
  const m = moneyOf(order.currency);
  return {
    id: refund.id,
    orderId: refund.orderId,
    amount: m(refund.amountMinor),
    giftCardAmount: m(refund.giftCardMinor),
    transactions: refund.transactions.map((transaction) => ({
      paymentId: transaction.paymentId,
      amount: m(transaction.amountMinor),
      refundStatus: 'SUCCEEDED' as const,
      externalRefund: transaction.provider === 'OFFLINE',
    })),
    details: {
      items: refund.lines.map((line) => ({
        lineItemId: line.lineItemId,
        quantity: line.quantity,
        amount: m(line.amountMinor),
      })),
      shippingIncluded: refund.shippingMinor > 0,
      shippingAmount: m(refund.shippingMinor),
      ...(refund.reason ? { reason: refund.reason } : {}),
    },
    restockedItems: refund.restocked,
    createdDate: refund.createdDate,
  };
}

/** The order's payments and refunds, and what is left to refund (the admin's refund form reads it). */
export function orderTransactionsOut(
  order: OrderRecord,
  payments: readonly PaymentRecord[],
  refunds: readonly RefundRow[],
): Static<typeof OrderTransactionsOut> {
  const m = moneyOf(order.currency);
  const history = refundHistoryOf(refunds);
  const paymentsLeft = payments
    .filter((payment) => payment.status === 'CAPTURED')
    .reduce((sum, payment) => sum + payment.amountMinor - payment.refundedMinor, 0);
  const giftCardLeft =
    order.giftCardId && order.status !== 'CANCELED'
      ? (order.totals.giftCard?.appliedAmount ?? 0) - history.giftCardMinor
      : 0;
  const canceled = order.status === 'CANCELED';
  return {
    orderId: order.id,
    payments: payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amount: m(payment.amountMinor),
      refundedAmount: m(payment.refundedMinor),
      ...(payment.cardBrand ? { cardBrand: payment.cardBrand } : {}),
      ...(payment.cardLast4 ? { cardLast4: payment.cardLast4 } : {}),
      method: paymentMethodWords(payment),
      createdDate: payment.createdDate,
    })),
    refunds: refunds.map((refund) => refundOut(refund, order)),
    refundable: {
      amount: m(canceled ? 0 : Math.max(paymentsLeft + giftCardLeft, 0)),
      shipping: m(canceled ? 0 : Math.max(shippingPaidMinor(order) - history.shippingMinor, 0)),
      lineItems: order.lines.map((line) => ({
        lineItemId: line.id,
        quantity: canceled ? 0 : line.quantity - (history.quantities.get(line.id) ?? 0),
      })),
    },
  };
}
