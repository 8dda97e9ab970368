import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { formatMoney } from '../../lib/money.js';
import type { EventRouting } from '../events/index.js';
import {
  derivedGiftCardCode,
  issueOrderGiftCards,
  type OrderGiftCard,
  storeSigningKey,
} from '../store-setup/index.js';
import { recordActivity } from './activities.service.js';
import { downloadLinks } from './downloads.service.js';
import type { EcomMailer } from './order-mail.js';
import { orderNotifications, orders } from './orders.schema.js';
import type { OrderRecord } from './orders-read.service.js';

export interface OrderMailDeps {
  db: Db;
  mailer: EcomMailer;
  publicUrl: string;
  /** The store's name as set in Settings (STORE_NAME until then), read when a message is written. */
  storeName: () => Promise<string>;
  clock: () => Date;
}

const paid = (order: OrderRecord) =>
  order.status !== 'CANCELED' && (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_PAID');

async function loadOrder(db: Db, id: string): Promise<OrderRecord | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

async function alreadySent(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: orderNotifications.key })
    .from(orderNotifications)
    .where(eq(orderNotifications.key, key));
  return row !== undefined;
}

async function markSent(db: Db, key: string, orderId: string): Promise<void> {
  await db.insert(orderNotifications).values({ key, orderId }).onConflictDoNothing();
}

/**
 * Order e-mails, as in-process event consumers (ADR 007: delivered after commit, retried on failure).
 * Each e-mail is recorded once sent, so a retried delivery does not send it twice.
 * - confirmation, on `ecom.order.created`;
 * - gift-card codes, when an order with gift-card products is paid (`created` or `updated`): the cards
 *   are issued once, their codes derived from the store key so a failed send can be retried.
 */
export function registerOrderMail(routing: EventRouting, deps: OrderMailDeps): void {
  routing.registerConsumer({
    name: 'ecom-order-confirmation',
    eventTypes: ['ecom.order.created'],
    async handle(event) {
      const order = await loadOrder(deps.db, event.entityId);
      const key = `confirmation:${event.entityId}`;
      if (!order?.buyerEmail || (await alreadySent(deps.db, key))) return;
      const links = await downloadLinks(deps.db, order, deps.publicUrl, deps.clock());
      const storeName = await deps.storeName();
      await deps.mailer.send({
        to: order.buyerEmail,
        subject: `${storeName}: order #${order.number} received`,
        text: confirmationText(
          order,
          storeName,
          links.map((link) => link.url),
        ),
        tags: ['ecom.order.confirmation'],
      });
      await markSent(deps.db, key, order.id);
      await recordActivity(deps.db, {
        orderId: order.id,
        type: 'EMAIL_SENT',
        message: `E-mail sent to ${order.buyerEmail}: order confirmation`,
        details: { key, tag: 'ecom.order.confirmation' },
        now: deps.clock(),
      });
    },
  });

  routing.registerConsumer({
    name: 'ecom-gift-card-issuer',
    eventTypes: ['ecom.order.created', 'ecom.order.updated'],
    async handle(event) {
      const order = await loadOrder(deps.db, event.entityId);
      const key = `gift-cards:${event.entityId}`;
      if (!order || !paid(order) || !order.buyerEmail) return;
      const lines = order.lines.filter((line) => line.itemType === 'GIFT_CARD');
      if (lines.length === 0 || (await alreadySent(deps.db, key))) return;
      const secret = await storeSigningKey(deps.db);
      const cards: OrderGiftCard[] = lines.flatMap((line) =>
        Array.from({ length: line.quantity }, (_, sequence) => ({
          lineItemId: line.id,
          sequence,
          amountMinor: line.unitPriceMinor,
          code: derivedGiftCardCode(secret, order.id, line.id, sequence),
        })),
      );
      await deps.db.transaction((tx) =>
        issueOrderGiftCards(tx, {
          orderId: order.id,
          currency: order.currency,
          recipientEmail: order.buyerEmail ?? undefined,
          cards,
        }),
      );
      await deps.mailer.send({
        to: order.buyerEmail,
        subject: `${await deps.storeName()}: your gift card${cards.length > 1 ? 's' : ''}`,
        text: [
          `Thank you for order #${order.number}. Your gift card codes:`,
          '',
          ...cards.map((card) => `  ${card.code}  —  ${formatMoney(card.amountMinor, order.currency)}`),
          '',
          'Enter a code at checkout to pay with it. Keep the codes safe: anyone who has a code can spend it.',
        ].join('\n'),
        tags: ['ecom.gift-card.codes'],
      });
      await markSent(deps.db, key, order.id);
    },
  });
}

function confirmationText(order: OrderRecord, storeName: string, downloads: string[]): string {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const summary = order.totals.priceSummary;
  return [
    `Thank you for your order at ${storeName}.`,
    '',
    `Order #${order.number}`,
    ...order.lines.map((line) => `  ${line.quantity} × ${line.name}  ${money(line.subtotalMinor)}`),
    '',
    `Subtotal  ${money(summary.subtotal)}`,
    ...(summary.discount ? [`Discount  −${money(summary.discount)}`] : []),
    ...(summary.shipping ? [`Shipping  ${money(summary.shipping)}`] : []),
    ...(summary.additionalFees ? [`Fees      ${money(summary.additionalFees)}`] : []),
    `Tax       ${money(summary.tax)}`,
    `Total     ${money(summary.total)}`,
    ...(order.totals.giftCard ? [`Paid by gift card  ${money(order.totals.giftCard.appliedAmount)}`] : []),
    '',
    order.paymentStatus === 'NOT_PAID'
      ? `Payment: ${money(order.totals.payNow + order.totals.payLater)} to pay as agreed with the store.`
      : `Payment: ${order.paymentStatus.toLowerCase().replace('_', ' ')}.`,
    ...(downloads.length > 0
      ? ['', 'Your downloads (links valid for 24 hours):', ...downloads.map((url) => `  ${url}`)]
      : []),
  ].join('\n');
}
