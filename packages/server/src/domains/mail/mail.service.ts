import { desc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/http/errors.js';
import type { ServiceHealth } from '../../lib/service-health.js';
import { mailMessages } from './mail.schema.js';
import {
  deliverQueuedMail,
  enqueueMail,
  everyWaitingMessageDue,
  type OutgoingMessage,
  type QueueRound,
} from './mail-queue.service.js';
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
  /**
   * `smtp`: handed to the SMTP server; `queued`: the server was unreachable, so the message waits in the
   * mail queue and is sent when it answers; `mailbox`: stored for the owner's mailbox (no SMTP_URL).
   */
  delivery: 'smtp' | 'queued' | 'mailbox';
  id: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** One round of the mail queue (the scheduled job runs it): sends what waits, when SMTP answers. */
  deliverQueued(now?: Date): Promise<QueueRound>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  /**
   * Who the store's mail is from: a fixed From, or asked per message with where replies go (the owner
   * may change the store's name and contact address at any time).
   */
  from: string | (() => Promise<{ from: string; replyTo?: string }>);
  /** smtp(s)://user:pass@host:port; absent: messages go to the development mailbox. */
  smtpUrl?: string;
  /** Who templated mail is written as (name, logo, contact); asked per message, as `from`. */
  store?: () => Promise<MailStore>;
  /** Told when the SMTP server stops or starts answering. */
  health?: ServiceHealth;
  clock?: () => Date;
}

const MEANWHILE = 'e-mail waits in the mail queue and is sent when it answers again';

/**
 * A refusal no retry can cure: the server answered with a 5xx (the recipient or the message refused).
 * Anything else — no connection, a timeout, a 4xx "try again later" — is worth another attempt.
 */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The one way the server sends e-mail: nodemailer over SMTP when SMTP_URL is set, otherwise the message is
 * stored in the database for the owner's mailbox. Call it after the transaction that decided to send has
 * committed, so a rolled-back change never sends mail.
 *
 * SMTP is a dependency that may be down: a message the server does not take (no connection, a timeout, a
 * "try again later") goes to the mail queue and `send` answers `queued`, so a sign-up or an order never
 * fails for it; while the server is known to be down, messages are queued without trying. Only a
 * message the server refuses for good (5xx) is an error.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { health } = options;
  const clock = options.clock ?? (() => new Date());
  // nodemailer is loaded only when SMTP is configured: the default (the database mailbox) never needs it.
  const smtpUrl = options.smtpUrl;
  const transport: Promise<Transporter> | undefined = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) =>
        // Short waits: a message is sent while a shopper waits for the reply (it is queued on failure).
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 5000,
          greetingTimeout: 5000,
          socketTimeout: 15_000,
        }),
      )
    : undefined;

  const sendNow = async (message: OutgoingMessage) => {
    const info = await (await (transport as Promise<Transporter>)).sendMail({
      from: message.from,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      headers: message.tags.length ? { 'X-Openshelf-Tags': message.tags.join(',') } : {},
    });
    return String(info.messageId ?? '');
  };
  const answered = (ok: boolean, error?: unknown) => {
    if (ok) health?.up('smtp');
    else if (!isPermanentRefusal(error)) health?.down('smtp', error, MEANWHILE);
  };

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
      const outgoing: OutgoingMessage = {
        from,
        ...(replyTo ? { replyTo } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        tags: message.tags ?? [],
      };
      // Known to be down: straight to the queue, without making the caller wait for a timeout.
      if (health && !health.isUp('smtp')) {
        const id = await enqueueMail(options.db, outgoing, {
          error: 'not tried: the SMTP server was unreachable',
          now: clock(),
          attempted: false,
        });
        return { delivery: 'queued', id };
      }
      try {
        const id = await sendNow(outgoing);
        answered(true);
        return { delivery: 'smtp', id };
      } catch (cause) {
        answered(false, cause);
        if (isPermanentRefusal(cause))
          throw new AppError('MAIL_REFUSED', 'The mail server refused the message', {
            status: 502,
            description: `The store's mail server refused to send to ${message.to} (${(cause as Error).message}). Check the address.`,
            cause,
          });
        const id = await enqueueMail(options.db, outgoing, {
          error: cause instanceof Error ? cause.message : String(cause),
          now: clock(),
          attempted: true,
        });
        return { delivery: 'queued', id };
      }
    },
    async deliverQueued(now = clock()) {
      if (!transport) return { sent: 0, retrying: 0, failed: 0 };
      if (health && !health.isUp('smtp')) {
        // Down when last tried: ask the server whether it answers again before taking anything from the
        // queue; when it does, every waiting message is due now, not on its own schedule.
        const answers = await (await transport).verify().then(
          () => true,
          () => false,
        );
        if (!answers) return { sent: 0, retrying: 0, failed: 0 };
        health.up('smtp');
        await everyWaitingMessageDue(options.db, now);
      }
      return deliverQueuedMail(
        options.db,
        {
          send: async (message) => void (await sendNow(message)),
          isPermanent: isPermanentRefusal,
          onAnswer: answered,
        },
        now,
      );
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
