import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
