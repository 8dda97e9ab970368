import type { LineView, Totals } from '../pricing/index.js';
import type { OrderLine, OrderShipping, OrderTotals } from './order.types.js';
import type { orders } from './orders.schema.js';

/** Freezes evaluated lines and their totals into order lines (only lines that were bought). */
export function orderLinesOf(views: readonly LineView[], totals: Totals): OrderLine[] {
  const byId = new Map(totals.lines.map((line) => [line.id, line]));
  return views.flatMap((view) => {
    const line = byId.get(view.id);
    if (!line?.included) return [];
    return [
      {
        id: view.id,
        quantity: view.quantity,
        custom: view.custom,
        ...(view.catalogReference ? { catalogReference: view.catalogReference } : {}),
        ...(view.productId ? { productId: view.productId } : {}),
        ...(view.variantId ? { variantId: view.variantId } : {}),
        name: view.name,
        ...(view.sku ? { sku: view.sku } : {}),
        itemType: view.itemType,
        weight: view.weight,
        ...(view.image ? { image: view.image } : {}),
        descriptionLines: view.descriptionLines,
        unitPriceMinor: line.unitPrice,
        fullUnitPriceMinor: line.fullUnitPrice,
        subtotalMinor: line.unitPrice * line.quantity,
        discountMinor: line.discount,
        taxMinor: line.tax,
        taxPpm: line.taxPpm,
        taxBreakdown: line.taxBreakdown,
        totalMinor: line.total,
        paymentOption: line.paymentOption,
        ...(line.membershipId ? { membershipId: line.membershipId } : {}),
        ...(view.subscription
          ? {
              subscription: {
                planId: view.subscription.planId,
                title: view.subscription.title,
                frequency: view.subscription.frequency,
                interval: view.subscription.interval,
                billingCycles: view.subscription.billingCycles,
                ...(view.subscription.startDate ? { startDate: view.subscription.startDate } : {}),
              },
            }
          : {}),
        ...(view.service ? { service: view.service } : {}),
        digitalFileIds: view.digitalFileIds,
      },
    ];
  });
}

export function orderTotalsOf(totals: Totals): OrderTotals {
  const { lines: _lines, shipping: _shipping, membershipOptions: _m, violations: _v, ...rest } = totals;
  return rest;
}

export function orderShippingOf(
  totals: Totals,
  destination: OrderShipping['destination'] | undefined,
): OrderShipping | undefined {
  const selected = totals.shipping.selected;
  if (!totals.shipping.required && !destination) return undefined;
  return {
    ...(destination ? { destination } : {}),
    ...(selected
      ? {
          code: selected.code,
          title: selected.title,
          carrierId: selected.carrierId,
          ...(selected.deliveryTime ? { deliveryTime: selected.deliveryTime } : {}),
          ...(selected.deliveryTimeSlot
            ? {
                deliveryTimeSlot: {
                  from: selected.deliveryTimeSlot.from.toISOString(),
                  to: selected.deliveryTimeSlot.to.toISOString(),
                },
              }
            : {}),
          ...(selected.pickup ? { pickup: selected.pickup } : {}),
        }
      : {}),
    costMinor: totals.shipping.cost,
    discountMinor: totals.shipping.discount,
  };
}

/** What webhooks and consumers receive about an order. */
export function orderEventPayload(row: typeof orders.$inferSelect): Record<string, unknown> {
  return {
    order: {
      id: row.id,
      number: String(row.number),
      checkoutId: row.checkoutId,
      status: row.status,
      paymentStatus: row.paymentStatus,
      fulfillmentStatus: row.fulfillmentStatus,
      currency: row.currency,
      total: row.totalMinor,
      buyerInfo: {
        ...(row.memberId ? { memberId: row.memberId } : {}),
        ...(row.visitorId ? { visitorId: row.visitorId } : {}),
        ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
      },
      lineItems: row.lines.map((line) => ({
        id: line.id,
        name: line.name,
        quantity: line.quantity,
        itemType: line.itemType,
        ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
        ...(line.productId ? { productId: line.productId } : {}),
        total: line.totalMinor,
      })),
      updatedDate: row.updatedDate.toISOString(),
    },
  };
}
