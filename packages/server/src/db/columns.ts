import { text, timestamp } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../lib/ids.js';

/** Primary key: a UUIDv7 string generated in the application (time-ordered, opaque to clients). */
export const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** Timestamp with time zone, read and written as a JS Date. */
export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** createdDate/updatedDate on every entity the protocol exposes (wire-protocol.md §2). */
export const entityDates = () => ({
  createdDate: timestampColumn('created_date').notNull().defaultNow(),
  updatedDate: timestampColumn('updated_date')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});
