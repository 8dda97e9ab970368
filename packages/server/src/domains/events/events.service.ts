import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import { type EventActor, outboxEvents } from './events.schema.js';

export type { EventActor };

export interface DomainEvent {
  /** Dotted name, `<domain>.<entity>.<happening>`, e.g. `catalog.product.created`. */
  type: string;
  entityType: string;
  entityId: string;
  /** Snapshot of the entity (or the change) as subscribers will receive it. */
  payload: Record<string, unknown>;
  actor: EventActor;
}

export interface StoredEvent extends DomainEvent {
  seq: number;
  id: string;
  occurredAt: Date;
  publishedAt: Date | null;
}

/**
 * Stores an event in the outbox inside the caller's transaction (convention 7): it becomes visible,
 * and deliverable, only if that transaction commits. Takes a `Tx` on purpose: an event written outside
 * the change's transaction could describe a change that never happened.
 */
export async function recordEvent(tx: Tx, event: DomainEvent): Promise<string> {
  const id = uuidv7();
  await tx.insert(outboxEvents).values({ id, ...event });
  return id;
}

/** Events of one entity in the order they happened (used by tests and the admin's activity view). */
export async function listEntityEvents(
  db: DbOrTx,
  entityType: string,
  entityId: string,
): Promise<StoredEvent[]> {
  return db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.entityType, entityType), eq(outboxEvents.entityId, entityId)))
    .orderBy(asc(outboxEvents.seq));
}

/** Several events of one transaction in one statement (same guarantees as recordEvent). */
export async function recordEvents(tx: Tx, events: readonly DomainEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => ({ id: uuidv7(), ...event }));
  await tx.insert(outboxEvents).values(rows);
  return rows.map((row) => row.id);
}
