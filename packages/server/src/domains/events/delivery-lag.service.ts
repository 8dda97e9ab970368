import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';

export interface DeliveryLag {
  unpublished: number;
  oldestUnpublishedAgeSeconds: number;
  due: number;
  oldestDueAgeSeconds: number;
}

/** How far event delivery is behind, for /metrics and the admin dashboard. Two indexed queries. */
export async function deliveryLag(db: DbOrTx, now: Date): Promise<DeliveryLag> {
  const [outbox] = await queryRows<{ count: string | number; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*) AS count, min(occurred_at) AS oldest FROM outbox_events WHERE published_at IS NULL`,
  );
  const [deliveries] = await queryRows<{ count: string | number; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*) AS count, min(next_attempt_date) AS oldest FROM event_deliveries
        WHERE (status = 'pending' AND next_attempt_date <= ${now}) OR (status = 'in_flight' AND lease_until < ${now})`,
  );
  const age = (oldest: Date | string | null | undefined) =>
    oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0;
  return {
    unpublished: Number(outbox?.count ?? 0),
    oldestUnpublishedAgeSeconds: age(outbox?.oldest),
    due: Number(deliveries?.count ?? 0),
    oldestDueAgeSeconds: age(deliveries?.oldest),
  };
}
