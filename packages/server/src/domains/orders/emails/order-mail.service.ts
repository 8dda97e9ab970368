import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type MailStore, type MailTemplate, type RenderedMail, renderMail } from '../../mail/index.js';
import { recordActivity } from '../activities.service.js';
import { orderNotifications } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';

/** An e-mail to send, already written: the mail domain's message. */
export type OutgoingMail = RenderedMail;

/**
 * What order e-mails need of a mailer: the app's mailer (mail/mail.service.ts: SMTP when SMTP_URL is
 * set, else the development mailbox) fits, and tests pass one that records.
 */
export interface EcomMailer {
  send(message: OutgoingMail): Promise<unknown>;
}

export interface OrderMailDeps {
  db: Db;
  mailer: EcomMailer;
  publicUrl: string;
  /** The store's name, logo and contact address as set in Settings, read when a message is written. */
  store: () => Promise<MailStore>;
  clock: () => Date;
}

export async function alreadySent(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: orderNotifications.key })
    .from(orderNotifications)
    .where(eq(orderNotifications.key, key));
  return row !== undefined;
}

/**
 * Writes an order e-mail from its template and sends it once: `key` records it as sent (a retried event
 * delivery finds it and sends nothing), and the order's timeline notes it. Rendering happens here, in
 * the event consumer, after the change that caused the mail has committed.
 */
export async function sendOrderMail(
  deps: OrderMailDeps,
  order: OrderRecord,
  mail: { key: string; template: MailTemplate; tags: [string, ...string[]] },
): Promise<void> {
  if (!order.buyerEmail || (await alreadySent(deps.db, mail.key))) return;
  const content = await renderMail(mail.template, await deps.store());
  const sent = await deps.mailer.send({ to: order.buyerEmail, ...content, tags: mail.tags });
  // The mail server was unreachable: the mail queue sends it when it answers again.
  const queued = (sent as { delivery?: unknown } | undefined)?.delivery === 'queued';
  await deps.db.transaction(async (tx) => {
    await tx.insert(orderNotifications).values({ key: mail.key, orderId: order.id }).onConflictDoNothing();
    await recordActivity(tx, {
      orderId: order.id,
      type: 'EMAIL_SENT',
      message: queued
        ? `E-mail queued for ${order.buyerEmail} (the mail server was unreachable): ${content.subject}`
        : `E-mail sent to ${order.buyerEmail}: ${content.subject}`,
      details: { key: mail.key, tag: mail.tags[0] },
      now: deps.clock(),
    });
  });
}
