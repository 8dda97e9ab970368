import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from '../../db/columns.js';

/** Who caused an event, as webhook payloads report it (spec §3 "Webhook identity"). */
export interface EventActor {
  identityType: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP' | 'UNKNOWN';
  id?: string;
}

/**
 * Transactional outbox (architecture.md convention 7): a domain change and the event describing it are
 * written in the same transaction, so an event exists if and only if its change committed.
 * `seq` gives a total order for delivery; `publishedAt` is set by the dispatcher once delivered.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    type: text('type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    actor: jsonb('actor').notNull().$type<EventActor>(),
    occurredAt: timestampColumn('occurred_at').notNull().defaultNow(),
    publishedAt: timestampColumn('published_at'),
  },
  (table) => [
    index('outbox_events_unpublished_idx').on(table.seq).where(sql`published_at IS NULL`),
    index('outbox_events_entity_idx').on(table.entityType, table.entityId, table.seq),
  ],
);
