import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';

/**
 * Mail kept by the development mailbox: with no SMTP_URL, messages are stored here instead of sent, and
 * `/dev/mailbox` shows them so a person can follow sign-up and recovery flows on a laptop.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: idColumn(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    tags: jsonb('tags').notNull().$type<string[]>().default([]),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
  },
  (table) => [index('mail_messages_to_idx').on(table.to, table.createdDate)],
);

/**
 * Mail the SMTP server did not take (down, or answering "try later"): kept here and sent again by the
 * mail queue job with growing pauses, so a sign-in code or an order confirmation arrives once SMTP is back
 * (docs/operations.md). A message that is sent is deleted; one the server refuses for good, or that found
 * no server for `MAIL_QUEUE_GIVE_UP_MS`, stays with status `failed` and its last error for the owner to see.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: idColumn(),
    from: text('from').notNull(),
    replyTo: text('reply_to'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    tags: jsonb('tags').notNull().$type<string[]>().default([]),
    status: text('status').$type<'pending' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDate: timestampColumn('next_attempt_date').notNull().defaultNow(),
    /** A sender holds a message until then; after it (the sender died) another may take it. */
    leaseUntil: timestampColumn('lease_until'),
    lastError: text('last_error'),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
  },
  (table) => [index('mail_queue_due_idx').on(table.status, table.nextAttemptDate)],
);
