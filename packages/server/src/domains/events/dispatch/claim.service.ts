import { inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import { outboxEvents } from '../events.schema.js';
import type { TargetKind } from '../webhooks.schema.js';
import type { DispatchedEvent } from './event-routing.deps.js';

export interface ClaimedDelivery {
  id: string;
  targetKind: TargetKind;
  targetId: string;
  /** Attempts including this one; also the claim's fencing token. */
  attempts: number;
  event: DispatchedEvent;
}

/**
 * Claims due deliveries for this dispatcher with a lease. `FOR UPDATE SKIP LOCKED` lets any number of
 * dispatchers claim side by side without taking the same delivery; a delivery is only due when no earlier
 * event of the same entity is still owed to the same target (order per entity). A claim whose lease runs
 * out (its dispatcher died) becomes due again: delivery is at least once.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
  /** Targets that cannot be reached now (NATS down): their deliveries wait, unclaimed and uncounted. */
  unavailable: readonly TargetKind[] = [],
): Promise<ClaimedDelivery[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const reachable =
    unavailable.length > 0
      ? sql`AND d.target_kind NOT IN (${sql.join(
          unavailable.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : sql``;
  const claimed = await queryRows<{
    id: string;
    event_seq: string | number;
    target_kind: TargetKind;
    target_id: string;
    attempts: number;
  }>(
    db,
    sql`
    UPDATE event_deliveries SET status = 'in_flight', lease_until = ${leaseUntil}, attempts = attempts + 1
    WHERE id IN (
      SELECT d.id FROM event_deliveries d
      WHERE ((d.status = 'pending' AND d.next_attempt_date <= ${now}) OR (d.status = 'in_flight' AND d.lease_until < ${now}))
        ${reachable}
        AND NOT EXISTS (
          SELECT 1 FROM event_deliveries e
          WHERE e.target_kind = d.target_kind AND e.target_id = d.target_id AND e.entity_key = d.entity_key
            AND e.event_seq < d.event_seq AND e.status IN ('pending', 'in_flight'))
      ORDER BY d.next_attempt_date, d.event_seq
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, event_seq, target_kind, target_id, attempts`,
  );
  if (claimed.length === 0) return [];

  const seqs = [...new Set(claimed.map((row) => Number(row.event_seq)))];
  const events = await db.select().from(outboxEvents).where(inArray(outboxEvents.seq, seqs));
  const bySeq = new Map(events.map((event) => [event.seq, event]));
  return claimed.flatMap((row) => {
    const event = bySeq.get(Number(row.event_seq));
    if (!event) return [];
    return [
      {
        id: row.id,
        targetKind: row.target_kind,
        targetId: row.target_id,
        attempts: row.attempts,
        event: {
          id: event.id,
          seq: event.seq,
          type: event.type,
          entityType: event.entityType,
          entityId: event.entityId,
          payload: event.payload,
          actor: event.actor,
          occurredAt: event.occurredAt,
        },
      },
    ];
  });
}
