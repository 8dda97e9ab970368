import type { Static } from 'typebox';
import type { PaymentRecord } from '../payments/index.js';
import {
  addressWithContactOut,
  appliedDiscountsOut,
  figuresOut,
  moneyOf,
  priceSummaryOut,
  taxDetailsOut,
} from '../pricing/index.js';
import type { OrderActivity } from './activities.service.js';
import type { DownloadLink } from './downloads/downloads.service.js';
import { type OrderMoney, orderFigures, paidMinorOf } from './order-figures.mapper.js';
import type { OrderOut } from './orders.contract.js';
import type { OrderRecord } from './orders-read.service.js';
import { shippingPaidMinor } from './refunds/refund-amounts.service.js';
import { disputesOf } from './stripe/disputes.service.js';

/**
 * What the buyer has paid: the captured payments plus the gift card's part (a cancelled order gave the
 * card its amount back); the balance is what is still due. As the protocol's `balanceSummary`, from the
 * same money as the order's figures.
 */
function balanceSummary(order: OrderRecord, money: OrderMoney) {
  const m = moneyOf(order.currency);
  const paid = paidMinorOf(order, money.payments);
  const due = order.status === 'CANCELED' ? 0 : Math.max(order.totals.priceSummary.total - paid, 0);
  return { paid: m(paid), balance: m(due), refunded: m(money.refundedMinor) };
}

/** The timeline: placing the order first (it is the order's own date), then what happened since. */
function activitiesOut(order: OrderRecord, activities: readonly OrderActivity[]) {
  return [
    {
      id: `placed-${order.id}`,
      type: 'ORDER_PLACED',
      message: 'Order placed',
      createdDate: order.createdDate,
    },
    ...activities.map((activity) => ({
      id: activity.id,
      type: activity.type,
      message: activity.message,
      ...(activity.type === 'MERCHANT_COMMENT' ? { merchantComment: { message: activity.message } } : {}),
      ...(activity.authorId ? { authorId: activity.authorId } : {}),
      createdDate: activity.createdDate,
    })),
  ];
}

export function orderOut(
  order: OrderRecord,
  extra: {
    downloads?: DownloadLink[];
    /** Listed on the order (the merchant's reads). */
    payments?: PaymentRecord[];
    /** Its payments and refunds: the figures' paid, due, refunded and net rows and `balanceSummary`. */
    money?: OrderMoney;
    activities?: OrderActivity[];
  } = {},
): Static<typeof OrderOut> {
  const m = moneyOf(order.currency);
  const totals = { ...order.totals, currency: order.currency };
  const translatable = (text: string) => ({ original: text, translated: text });
  const shipping = order.shipping;
  const destination = addressWithContactOut(shipping?.destination);
  const billing = addressWithContactOut(order.billingInfo);
  return {
    id: order.id,
    number: String(order.number),
    checkoutId: order.checkoutId,
    ...(order.cartId ? { cartId: order.cartId } : {}),
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    currency: order.currency,
    channelInfo: { type: order.channelType },
    buyerInfo: {
      ...(order.buyerEmail ? { email: order.buyerEmail } : {}),
      ...(order.memberId
        ? { memberId: order.memberId }
        : order.visitorId
          ? { visitorId: order.visitorId }
          : {}),
    },
    ...(order.buyerNote ? { buyerNote: order.buyerNote } : {}),
    lineItems: order.lines.map((line) => {
      const downloads = extra.downloads?.filter((link) => link.lineItemId === line.id);
      const beforeTax = totals.tax.pricesIncludeTax
        ? line.totalMinor - line.taxMinor
        : line.subtotalMinor - line.discountMinor;
      return {
        id: line.id,
        quantity: line.quantity,
        productName: translatable(line.name),
        ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
        itemType: { preset: line.itemType },
        physicalProperties: {
          ...(line.sku ? { sku: line.sku } : {}),
          shippable: line.itemType === 'PHYSICAL',
          ...(line.weight ? { weight: line.weight } : {}),
        },
        ...(line.image ? { image: line.image } : {}),
        descriptionLines: line.descriptionLines.map((d) =>
          d.colorCode
            ? {
                name: translatable(d.name),
                lineType: 'COLOR' as const,
                colorInfo: { ...translatable(d.value), code: d.colorCode },
              }
            : {
                name: translatable(d.name),
                lineType: 'PLAIN_TEXT' as const,
                plainText: translatable(d.value),
              },
        ),
        price: m(line.unitPriceMinor),
        fullPrice: m(line.fullUnitPriceMinor),
        lineItemPrice: m(line.subtotalMinor),
        totalDiscount: m(line.discountMinor),
        totalPriceBeforeTax: m(beforeTax),
        totalPriceAfterTax: m(line.totalMinor),
        taxDetails: taxDetailsOut(order.currency, beforeTax, line.taxMinor, line.taxPpm, line.taxBreakdown),
        paymentOption: line.paymentOption,
        lineItemType: line.custom
          ? 'CUSTOM_AMOUNT_ITEM'
          : line.itemType === 'PHYSICAL'
            ? 'PHYSICAL'
            : 'DIGITAL',
        ...(line.subscription ? { subscriptionInfo: line.subscription } : {}),
        ...(line.service ? { serviceProperties: line.service } : {}),
        ...(downloads?.length
          ? {
              downloads: downloads.map((link) => ({
                fileId: link.fileId,
                url: link.url,
                expiresAt: link.expiresAt,
              })),
            }
          : {}),
      };
    }),
    priceSummary: priceSummaryOut(totals),
    figures: figuresOut(orderFigures(order, extra.money), order.currency),
    appliedDiscounts: appliedDiscountsOut(totals),
    taxSummary: { totalTax: m(totals.priceSummary.tax), rateType: totals.tax.rateType },
    payNow: m(totals.payNow),
    payLater: m(totals.payLater),
    ...(totals.giftCard
      ? {
          giftCard: {
            obfuscatedCode: `••••${totals.giftCard.code}`,
            amount: m(totals.giftCard.appliedAmount),
          },
        }
      : {}),
    ...(shipping
      ? {
          shippingInfo: {
            ...(shipping.code ? { code: shipping.code } : {}),
            ...(shipping.title ? { title: shipping.title } : {}),
            ...(shipping.carrierId ? { carrierId: shipping.carrierId } : {}),
            cost: m(shipping.costMinor),
            discount: m(shipping.discountMinor),
            paid: m(shippingPaidMinor(order)),
            ...(shipping.deliveryTime ? { deliveryTime: shipping.deliveryTime } : {}),
            ...(shipping.pickup ? { pickupMethod: shipping.pickup.method } : {}),
            ...(destination ? { shippingDestination: destination } : {}),
            ...(shipping.deliveryTime || shipping.deliveryTimeSlot
              ? {
                  logistics: {
                    ...(shipping.deliveryTime ? { deliveryTime: shipping.deliveryTime } : {}),
                    ...(shipping.deliveryTimeSlot
                      ? {
                          deliveryTimeSlot: {
                            from: new Date(shipping.deliveryTimeSlot.from),
                            to: new Date(shipping.deliveryTimeSlot.to),
                          },
                        }
                      : {}),
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(billing ? { billingInfo: billing } : {}),
    customFields: order.customFields.map((field) => ({ title: field.title, value: field.value ?? null })),
    ...(extra.payments
      ? {
          payments: extra.payments.map((payment) => ({
            id: payment.id,
            provider: payment.provider,
            status: payment.status,
            amount: m(payment.amountMinor),
            ...(payment.cardBrand ? { cardBrand: payment.cardBrand } : {}),
            ...(payment.cardLast4 ? { cardLast4: payment.cardLast4 } : {}),
            createdDate: payment.createdDate,
          })),
        }
      : {}),
    ...(extra.money ? { balanceSummary: balanceSummary(order, extra.money) } : {}),
    ...(extra.activities ? { activities: activitiesOut(order, extra.activities) } : {}),
    ...(extra.activities && disputesOf(extra.activities).length > 0
      ? {
          disputes: disputesOf(extra.activities).map((dispute) => ({
            id: dispute.id,
            amount: m(dispute.amountMinor),
            reason: dispute.reason,
            status: dispute.status,
            openedDate: dispute.openedDate,
            updatedDate: dispute.updatedDate,
          })),
        }
      : {}),
    ...(order.paidDate ? { paidDate: order.paidDate } : {}),
    ...(order.fulfilledDate ? { fulfilledDate: order.fulfilledDate } : {}),
    ...(order.canceledDate ? { canceledDate: order.canceledDate } : {}),
    createdDate: order.createdDate,
    updatedDate: order.updatedDate,
  };
}
