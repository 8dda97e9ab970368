import { desc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/http/errors.js';
import { mailMessages } from './mail.schema.js';
import { renderMail } from './mail-render.service.js';
import type { MailStore, MailTemplate } from './mail-templates.contract.js';

/** A message already written: subject, text and (usually) HTML. */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Free-form labels for filtering and tests, e.g. `identity.verification`. */
  tags?: string[];
}

/** A message to write from a template when it is sent, with the store's identity of that moment. */
export interface TemplatedMail {
  to: string;
  template: MailTemplate;
  tags?: string[];
}

/** What any domain may send. */
export type MailMessage = RenderedMail | TemplatedMail;

export interface SentMail {
  /** `smtp`: handed to the SMTP server; `mailbox`: stored for /dev/mailbox (no SMTP_URL). */
  delivery: 'smtp' | 'mailbox';
  id: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: DbOrTx;
  /**
   * Who the store's mail is from: a fixed From, or asked per message with where replies go (the owner
   * may change the store's name and contact address at any time).
   */
  from: string | (() => Promise<{ from: string; replyTo?: string }>);
  /** smtp(s)://user:pass@host:port; absent: messages go to the development mailbox. */
  smtpUrl?: string;
  /** Who templated mail is written as (name, logo, contact); asked per message, as `from`. */
  store?: () => Promise<MailStore>;
}

/**
 * The one way the server sends e-mail: nodemailer over SMTP when SMTP_URL is set, otherwise the message is
 * stored in the database for /dev/mailbox. Call it after the transaction that decided to send has
 * committed, so a rolled-back change never sends mail.
 */
export function createMailer(options: MailerOptions): Mailer {
  // nodemailer is loaded only when SMTP is configured: the default (the database mailbox) never needs it.
  const smtpUrl = options.smtpUrl;
  const transport: Promise<Transporter> | undefined = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : undefined;
  return {
    async send(mail) {
      const message = 'template' in mail ? await written(mail, options.store) : mail;
      const { from, replyTo } =
        typeof options.from === 'string' ? { from: options.from, replyTo: undefined } : await options.from();
      if (!transport) {
        const [row] = await options.db
          .insert(mailMessages)
          .values({
            from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html ?? null,
            tags: message.tags ?? [],
          })
          .returning({ id: mailMessages.id });
        return { delivery: 'mailbox', id: row?.id ?? '' };
      }
      try {
        const info = await (await transport).sendMail({
          from,
          ...(replyTo ? { replyTo } : {}),
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.tags?.length ? { 'X-Openshelf-Tags': message.tags.join(',') } : {},
        });
        return { delivery: 'smtp', id: String(info.messageId ?? '') };
      } catch (cause) {
        throw new AppError('UNAVAILABLE', 'E-mail could not be sent', {
          status: 503,
          description: 'The mail server did not accept the message. Try again in a minute.',
          cause,
        });
      }
    },
    async close() {
      (await transport)?.close();
    },
  };
}

async function written(mail: TemplatedMail, store: MailerOptions['store']): Promise<RenderedMail> {
  if (!store) throw new Error('A templated e-mail needs the mailer to know the store (MailerOptions.store)');
  const content = await renderMail(mail.template, await store());
  return { to: mail.to, ...content, ...(mail.tags ? { tags: mail.tags } : {}) };
}

/** `"Harbor & Pine" <no-reply@shop.example>`: a display name made safe for a header, and the address. */
export function mailbox(name: string, address: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

export interface MailboxEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  tags: string[];
  createdDate: Date;
}

/** Newest first; optionally only the messages to one address. */
export async function listMailbox(
  db: DbOrTx,
  filter: { to?: string; limit?: number } = {},
): Promise<MailboxEntry[]> {
  const query = db.select().from(mailMessages);
  const rows = await (filter.to ? query.where(eq(mailMessages.to, filter.to)) : query)
    .orderBy(desc(mailMessages.createdDate), desc(mailMessages.id))
    .limit(filter.limit ?? 100);
  return rows;
}

export async function getMailboxMessage(db: DbOrTx, id: string): Promise<MailboxEntry | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}
