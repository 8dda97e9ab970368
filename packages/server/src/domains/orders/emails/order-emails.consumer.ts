import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { formatMoney } from '../../../lib/money.js';
import type { EventRouting } from '../../events/index.js';
import { listPayments } from '../../payments/index.js';
import {
  derivedGiftCardCode,
  issueOrderGiftCards,
  type OrderGiftCard,
  storeSigningKey,
} from '../../store-setup/index.js';
import { downloadLinks } from '../downloads/downloads.service.js';
import { orderLink } from '../links/order-links.service.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';
import { refundedByOrder } from '../refunds/refunds.service.js';
import {
  confirmationView,
  isPlanPurchase,
  paymentInstructionsView,
  planPurchaseView,
} from './order-mail.mapper.js';
import { alreadySent, type OrderMailDeps, sendOrderMail } from './order-mail.service.js';

export type { OrderMailDeps } from './order-mail.service.js';

const paid = (order: OrderRecord) =>
  order.status !== 'CANCELED' && (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_PAID');

async function loadOrder(db: Db, id: string): Promise<OrderRecord | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/**
 * Order e-mails, as in-process event consumers (ADR 007: delivered after commit, retried on failure).
 * Each e-mail is recorded once sent, so a retried delivery does not send it twice.
 * - confirmation, on `ecom.order.created` (a plan bought gets the plan-purchase e-mail instead);
 * - payment instructions, on `ecom.order.created` for an order left to pay (offline, pay later);
 * - gift-card codes, when an order with gift-card products is paid (`created` or `updated`): the cards
 *   are issued once, their codes derived from the store key so a failed send can be retried.
 */
export function registerOrderMail({ events, ...deps }: OrderMailDeps & { events: EventRouting }): void {
  events.registerConsumer({
    name: 'ecom-order-confirmation',
    eventTypes: ['ecom.order.created'],
    async handle(event) {
      const order = await loadOrder(deps.db, event.entityId);
      if (!order) return;
      const key = `confirmation:${order.id}`;
      if (isPlanPurchase(order)) {
        await sendOrderMail(deps, order, {
          key,
          template: { name: 'plan-purchase', props: planPurchaseView(order, deps.publicUrl) },
          tags: ['ecom.order.confirmation', 'plans.purchase'],
        });
        return;
      }
      if (!order.buyerEmail || (await alreadySent(deps.db, key))) return;
      const [links, payments, refunded] = await Promise.all([
        downloadLinks(deps.db, order, deps.publicUrl, deps.clock()),
        listPayments(deps.db, order.id),
        refundedByOrder(deps.db, [order.id]),
      ]);
      await sendOrderMail(deps, order, {
        key,
        template: {
          name: 'order-confirmation',
          props: confirmationView(
            order,
            await orderLink(deps.db, order, deps.publicUrl),
            links.map((link) => link.url),
            { payments, refundedMinor: refunded.get(order.id) ?? 0 },
          ),
        },
        tags: ['ecom.order.confirmation'],
      });
    },
  });

  events.registerConsumer({
    name: 'ecom-payment-instructions',
    eventTypes: ['ecom.order.created'],
    async handle(event) {
      const order = await loadOrder(deps.db, event.entityId);
      if (order?.paymentStatus !== 'NOT_PAID' || order.totals.payNow + order.totals.payLater <= 0) return;
      await sendOrderMail(deps, order, {
        key: `payment-instructions:${order.id}`,
        template: {
          name: 'payment-instructions',
          props: paymentInstructionsView(order, await orderLink(deps.db, order, deps.publicUrl)),
        },
        tags: ['ecom.order.payment-instructions'],
      });
    },
  });

  events.registerConsumer({
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
      await sendOrderMail(deps, order, {
        key,
        template: {
          name: 'gift-card-codes',
          props: {
            orderNumber: String(order.number),
            cards: cards.map((card) => ({
              code: card.code,
              amount: formatMoney(card.amountMinor, order.currency),
            })),
          },
        },
        tags: ['ecom.gift-card.codes'],
      });
    },
  });
}
