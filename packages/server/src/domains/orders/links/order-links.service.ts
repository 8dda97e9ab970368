import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/http/errors.js';
import type { MailLink } from '../../mail/index.js';
import { storeSigningKey } from '../../store-setup/index.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';

/*
 * The link in an order's e-mails (ADR 042). A guest has no account to sign in to, so each order has an
 * access key: an HMAC-SHA256 of the order id under the store's signing key. Nothing is stored (the key
 * is derived again to check it), it cannot be guessed or moved to another order, and it lasts as long as
 * the store's key. It opens a read-only view of that one order; a wrong or missing key answers exactly
 * like an order that does not exist.
 */
export function orderAccessKey(signingKey: string, orderId: string): string {
  return createHmac('sha256', signingKey).update(`order-link\n${orderId}`).digest('base64url');
}

/** Where the buyer sees the order: a member's account page; anyone else, the order's access link. */
export async function orderLink(db: DbOrTx, order: OrderRecord, publicUrl: string): Promise<MailLink> {
  const shop = publicUrl.replace(/\/$/, '');
  if (order.memberId) return { label: 'See your order', url: `${shop}/account/orders/${order.id}` };
  const key = orderAccessKey(await storeSigningKey(db), order.id);
  return { label: 'See your order', url: `${shop}/orders/${encodeURIComponent(order.id)}?key=${key}` };
}

/** The order an access link names, if its key is the one the store issued for it. */
export async function orderByAccessKey(db: DbOrTx, orderId: string, key: string): Promise<OrderRecord> {
  const expected = Buffer.from(orderAccessKey(await storeSigningKey(db), orderId));
  const given = Buffer.from(key);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound('Order', orderId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order', orderId);
  return order;
}
