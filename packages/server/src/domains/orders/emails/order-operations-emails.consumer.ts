import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../lib/money.js';
import type { EventRouting } from '../../events/index.js';
import type { MailLink, RefundMail, ShippingMail } from '../../mail/index.js';
import { orderFulfillments } from '../fulfillments.schema.js';
import { orderLink } from '../links/order-links.service.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';
import { orderRefunds } from '../refunds.schema.js';
import { cancellationView, optionsOf, shipTo } from './order-mail.mapper.js';
import { type OrderMailDeps, sendOrderMail } from './order-mail.service.js';

type RefundRow = typeof orderRefunds.$inferSelect;
type FulfillmentRow = typeof orderFulfillments.$inferSelect;

/**
 * The buyer's e-mails for what happens after the order: a refund, a shipment (and its tracking added
 * or changed later), a cancellation. As the order e-mails: event consumers, each message recorded once
 * sent (key per refund, per shipment and tracking number, per order canceled), and noted on the order's
 * timeline.
 */
export function registerOrderOperationsMail({
  events,
  ...deps
}: OrderMailDeps & { events: EventRouting }): void {
  events.registerConsumer({
    name: 'ecom-refund-mail',
    eventTypes: ['ecom.refund.created'],
    async handle(event) {
      if (event.payload.sendOrderRefundedEmail === false) return;
      const [refund] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, event.entityId));
      if (!refund) return;
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
      if (!order) return;
      await sendOrderMail(deps, order, {
        key: `refund:${refund.id}`,
        template: {
          name: 'refund',
          props: refundView(order, refund, await orderLink(deps.db, order, deps.publicUrl)),
        },
        tags: ['ecom.order.refund'],
      });
    },
  });

  events.registerConsumer({
    name: 'ecom-shipping-mail',
    eventTypes: ['ecom.fulfillment.created', 'ecom.fulfillment.updated'],
    async handle(event) {
      const [fulfillment] = await deps.db
        .select()
        .from(orderFulfillments)
        .where(eq(orderFulfillments.id, event.entityId));
      // Deleted since: nothing to tell. A change that kept the tracking number sends nothing new.
      if (!fulfillment) return;
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, fulfillment.orderId));
      if (!order || order.status === 'CANCELED') return;
      const update = event.type !== 'ecom.fulfillment.created';
      await sendOrderMail(deps, order, {
        key: `shipping:${fulfillment.id}:${fulfillment.trackingNumber ?? ''}:${fulfillment.trackingUrl ?? ''}`,
        template: {
          name: 'shipping',
          props: shippingView(order, fulfillment, update, await orderLink(deps.db, order, deps.publicUrl)),
        },
        tags: ['ecom.order.shipping'],
      });
    },
  });

  events.registerConsumer({
    name: 'ecom-cancellation-mail',
    eventTypes: ['ecom.order.updated'],
    async handle(event) {
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, event.entityId));
      if (order?.status !== 'CANCELED') return;
      await sendOrderMail(deps, order, {
        key: `cancellation:${order.id}`,
        template: {
          name: 'cancellation',
          props: cancellationView(order, await orderLink(deps.db, order, deps.publicUrl)),
        },
        tags: ['ecom.order.cancellation'],
      });
    },
  });
}

const lineOf = (order: OrderRecord, lineItemId: string) => order.lines.find((line) => line.id === lineItemId);

function refundView(order: OrderRecord, refund: RefundRow, link: MailLink): RefundMail {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const cardPart = refund.amountMinor - refund.giftCardMinor;
  return {
    orderNumber: String(order.number),
    amount: money(refund.amountMinor),
    lines: refund.lines.map((line) => ({
      name: lineOf(order, line.lineItemId)?.name ?? 'Item',
      quantity: line.quantity,
      amount: money(line.amountMinor),
    })),
    ...(refund.shippingMinor > 0 ? { shipping: money(refund.shippingMinor) } : {}),
    ...(cardPart > 0 ? { toPaymentMethod: money(cardPart) } : {}),
    ...(refund.giftCardMinor > 0 ? { toGiftCard: money(refund.giftCardMinor) } : {}),
    ...(refund.reason ? { reason: refund.reason } : {}),
    link,
  };
}

function shippingView(
  order: OrderRecord,
  fulfillment: FulfillmentRow,
  update: boolean,
  link: MailLink,
): ShippingMail {
  return {
    orderNumber: String(order.number),
    update,
    lines: fulfillment.lines.map((shipped) => {
      const line = lineOf(order, shipped.lineItemId);
      return {
        name: line?.name ?? 'Item',
        options: line ? optionsOf(line) : [],
        quantity: shipped.quantity,
      };
    }),
    ...(fulfillment.carrier ? { carrier: fulfillment.carrier } : {}),
    ...(fulfillment.trackingNumber ? { trackingNumber: fulfillment.trackingNumber } : {}),
    ...(fulfillment.trackingUrl ? { trackingUrl: fulfillment.trackingUrl } : {}),
    shipTo: shipTo(order),
    link,
  };
}
