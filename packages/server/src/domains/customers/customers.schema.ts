import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';

/** The merchant's notes on a customer, kept by lower-cased e-mail (members and guest buyers alike). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: idColumn(),
    email: text('email').notNull(),
    body: text('body').notNull(),
    /** The staff member or app that wrote it (the event actor's id), for "who said this". */
    authorId: text('author_id'),
    createdDate: timestampColumn('created_date').notNull(),
  },
  (table) => [index('customer_notes_email_idx').on(table.email, table.createdDate)],
);
