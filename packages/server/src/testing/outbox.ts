import type { Db } from '../db/client.js';
import { recordEvent } from '../domains/events/events.service.js';

/** One order event recorded in the outbox, as a domain records it (a member's), for the delivery suites; answers its id. */
export function recordTestEvent(db: Db, entityId: string, type: string): Promise<string> {
  return db.transaction((tx) =>
    recordEvent(tx, {
      type,
      entityType: 'order',
      entityId,
      payload: { id: entityId },
      actor: { identityType: 'MEMBER', id: 'm-1' },
    }),
  );
}
