import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { formatMoney } from '../../lib/money.js';
import type { EventRouting } from '../events/index.js';
import { recordActivity } from './activities.service.js';
import { orderFulfillments } from './fulfillments.schema.js';
import type { OrderMailDeps } from './order-emails.js';
import { orderNotifications, orders } from './orders.schema.js';
import type { OrderRecord } from './orders-read.service.js';
import { orderRefunds } from './refunds.schema.js';

type RefundRow = typeof orderRefunds.$inferSelect;
type FulfillmentRow = typeof orderFulfillments.$inferSelect;

async function claimed(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select().from(orderNotifications).where(eq(orderNotifications.key, key));
  return row !== undefined;
}

/** Where a member finds the order in their account (guests have no account page to link to). */
const orderLink = (order: OrderRecord, publicUrl: string) =>
  order.memberId ? `${publicUrl.replace(/\/$/, '')}/account/orders/${order.id}` : undefined;

/**
 * The buyer's e-mails for what happens after the order: a refund, a shipment (and its tracking added
 * or changed later). As the order e-mails: event consumers, each message recorded once sent (key per
 * refund, per shipment and tracking number), and noted on the order's timeline.
 */
export function registerOrderOperationsMail(routing: EventRouting, deps: OrderMailDeps): void {
  async function sendOnce(order: OrderRecord, key: string, subject: string, text: string, tag: string) {
    if (!order.buyerEmail || (await claimed(deps.db, key))) return;
    await deps.mailer.send({ to: order.buyerEmail, subject, text, tags: [tag] });
    await deps.db.transaction(async (tx) => {
      await tx.insert(orderNotifications).values({ key, orderId: order.id }).onConflictDoNothing();
      await recordActivity(tx, {
        orderId: order.id,
        type: 'EMAIL_SENT',
        message: `E-mail sent to ${order.buyerEmail}: ${subject}`,
        details: { key, tag },
        now: deps.clock(),
      });
    });
  }

  routing.registerConsumer({
    name: 'ecom-refund-mail',
    eventTypes: ['ecom.refund.created'],
    async handle(event) {
      if (event.payload.sendOrderRefundedEmail === false) return;
      const [refund] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, event.entityId));
      if (!refund) return;
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
      if (!order) return;
      const storeName = await deps.storeName();
      await sendOnce(
        order,
        `refund:${refund.id}`,
        `${storeName}: refund for order #${order.number}`,
        refundText(order, refund, storeName, orderLink(order, deps.publicUrl)),
        'ecom.order.refund',
      );
    },
  });

  routing.registerConsumer({
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
      const storeName = await deps.storeName();
      await sendOnce(
        order,
        `shipping:${fulfillment.id}:${fulfillment.trackingNumber ?? ''}:${fulfillment.trackingUrl ?? ''}`,
        `${storeName}: order #${order.number} ${event.type === 'ecom.fulfillment.created' ? 'has shipped' : 'tracking updated'}`,
        shippingText(order, fulfillment, storeName, orderLink(order, deps.publicUrl)),
        'ecom.order.shipping',
      );
    },
  });
}

const itemName = (order: OrderRecord, lineItemId: string) =>
  order.lines.find((line) => line.id === lineItemId)?.name ?? 'Item';

export function refundText(order: OrderRecord, refund: RefundRow, storeName: string, link?: string): string {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const cardPart = refund.amountMinor - refund.giftCardMinor;
  return [
    `${storeName} has refunded ${money(refund.amountMinor)} for order #${order.number}.`,
    '',
    ...refund.lines.map(
      (line) => `  ${line.quantity} × ${itemName(order, line.lineItemId)}  ${money(line.amountMinor)}`,
    ),
    ...(refund.shippingMinor > 0 ? [`  Shipping  ${money(refund.shippingMinor)}`] : []),
    ...(refund.lines.length > 0 || refund.shippingMinor > 0 ? [''] : []),
    ...(cardPart > 0 ? [`${money(cardPart)} goes back to your original payment method.`] : []),
    ...(refund.giftCardMinor > 0
      ? [`${money(refund.giftCardMinor)} goes back to the gift card you paid with.`]
      : []),
    ...(refund.reason ? ['', `Reason: ${refund.reason}`] : []),
    'Card refunds usually appear on your statement within 5–10 business days.',
    ...(link ? ['', `See your order: ${link}`] : []),
  ].join('\n');
}

export function shippingText(
  order: OrderRecord,
  fulfillment: FulfillmentRow,
  storeName: string,
  link?: string,
): string {
  const tracking = [
    ...(fulfillment.carrier ? [`Carrier: ${fulfillment.carrier}`] : []),
    ...(fulfillment.trackingNumber ? [`Tracking number: ${fulfillment.trackingNumber}`] : []),
    ...(fulfillment.trackingUrl ? [`Track your parcel: ${fulfillment.trackingUrl}`] : []),
  ];
  return [
    `Good news: items from your order #${order.number} at ${storeName} are on their way.`,
    '',
    ...fulfillment.lines.map((line) => `  ${line.quantity} × ${itemName(order, line.lineItemId)}`),
    '',
    ...(tracking.length > 0 ? tracking : ['The store has not added tracking details for this shipment.']),
    ...(link ? ['', `See your order: ${link}`] : []),
  ].join('\n');
}
