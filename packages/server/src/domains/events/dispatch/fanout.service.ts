import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import { outboxEvents } from '../events.schema.js';
import { matchesEventType } from '../events.types.js';
import { eventDeliveries, type TargetKind, webhookSubscriptions } from '../webhooks.schema.js';
import type { EventRouting } from './event-routing.deps.js';

// Fan-out runs in one process at a time (a transaction-scoped advisory lock): it is quick and DB-only,
// and running it serially is what keeps deliveries of one entity in event order (ADR 007).
const FANOUT_LOCK_KEY = 73_640_002;
const INSERT_CHUNK = 1_000;

/**
 * Moves committed outbox events into per-target deliveries (webhook subscriptions, in-process consumers,
 * the publisher) and marks them published, in one transaction. Returns how many events it took.
 */
export async function fanOut(db: Db, routing: EventRouting, now: Date, batchSize = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${FANOUT_LOCK_KEY}) AS locked`,
    );
    if (!lock?.locked) return 0;
    const events = await tx
      .select({
        seq: outboxEvents.seq,
        id: outboxEvents.id,
        type: outboxEvents.type,
        entityType: outboxEvents.entityType,
        entityId: outboxEvents.entityId,
      })
      .from(outboxEvents)
      .where(isNull(outboxEvents.publishedAt))
      .orderBy(asc(outboxEvents.seq))
      .limit(batchSize);
    if (events.length === 0) return 0;

    const subscriptions = await tx
      .select({ id: webhookSubscriptions.id, eventTypes: webhookSubscriptions.eventTypes })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.enabled, true));

    const rows: (typeof eventDeliveries.$inferInsert)[] = [];
    for (const event of events) {
      const base = {
        eventSeq: event.seq,
        eventId: event.id,
        eventType: event.type,
        entityKey: `${event.entityType}:${event.entityId}`,
        nextAttemptDate: now,
        createdDate: now,
      };
      const target = (targetKind: TargetKind, targetId: string) =>
        rows.push({ ...base, targetKind, targetId });
      for (const subscription of subscriptions) {
        if (matchesEventType(subscription.eventTypes, event.type)) target('webhook', subscription.id);
      }
      for (const consumer of routing.consumersFor(event.type)) target('consumer', consumer.name);
      if (routing.publisher) target('nats', 'nats');
    }
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx
        .insert(eventDeliveries)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing();
    }
    await tx
      .update(outboxEvents)
      .set({ publishedAt: now })
      .where(
        and(
          inArray(
            outboxEvents.seq,
            events.map((event) => event.seq),
          ),
          isNull(outboxEvents.publishedAt),
        ),
      );
    return events.length;
  });
}
