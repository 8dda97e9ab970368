import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  deliveryAttempts,
  eventDeliveries,
  merchantNotices,
  webhookSubscriptions,
} from '../webhooks.schema.js';
import type { ClaimedDelivery } from './claim.service.js';
import type { DeliveryOutcome } from './event-routing.deps.js';
import { retryDelayMs } from './retry.rules.js';

const MAX_ERROR_LENGTH = 500;

/**
 * Records one attempt: the delivery log row, the delivery's new state (delivered, retry later, or given
 * up), and the subscription's health. A result that arrives after its lease was taken over by another
 * dispatcher (the `attempts` fence no longer matches) is logged but changes nothing.
 */
export async function recordOutcome(
  db: Db,
  claimed: ClaimedDelivery,
  outcome: DeliveryOutcome,
  now: Date,
  random: () => number = Math.random,
): Promise<'delivered' | 'retrying' | 'failed' | 'superseded'> {
  const error = outcome.error?.slice(0, MAX_ERROR_LENGTH) ?? null;
  if (outcome.deferred) return deferDelivery(db, claimed, error, now);
  return db.transaction(async (tx) => {
    await tx.insert(deliveryAttempts).values({
      deliveryId: claimed.id,
      attempt: claimed.attempts,
      attemptedDate: now,
      succeeded: outcome.ok,
      statusCode: outcome.statusCode ?? null,
      latencyMs: Math.round(outcome.latencyMs),
      error,
    });
    const fence = and(
      eq(eventDeliveries.id, claimed.id),
      eq(eventDeliveries.status, 'in_flight'),
      eq(eventDeliveries.attempts, claimed.attempts),
    );
    const last = {
      lastStatusCode: outcome.statusCode ?? null,
      lastError: error,
      lastLatencyMs: Math.round(outcome.latencyMs),
      leaseUntil: null,
    };

    if (outcome.ok) {
      const updated = await tx
        .update(eventDeliveries)
        .set({ ...last, status: 'delivered', deliveredDate: now })
        .where(fence)
        .returning({ id: eventDeliveries.id });
      if (updated.length === 0) return 'superseded';
      if (claimed.targetKind === 'webhook') {
        await tx
          .update(webhookSubscriptions)
          .set({ lastSuccessDate: now })
          .where(
            and(
              eq(webhookSubscriptions.id, claimed.targetId),
              or(isNull(webhookSubscriptions.lastSuccessDate), lt(webhookSubscriptions.lastSuccessDate, now)),
            ),
          );
      }
      return 'delivered';
    }

    const delay = outcome.permanent ? undefined : retryDelayMs(claimed.attempts, random);
    const updated = await tx
      .update(eventDeliveries)
      .set(
        delay === undefined
          ? { ...last, status: 'failed' }
          : { ...last, status: 'pending', nextAttemptDate: new Date(now.getTime() + delay) },
      )
      .where(fence)
      .returning({ createdDate: eventDeliveries.createdDate });
    if (updated.length === 0) return 'superseded';
    if (delay !== undefined) return 'retrying';
    if (claimed.targetKind === 'webhook' && !outcome.permanent)
      await disableIfDead(tx, claimed.targetId, updated[0]!.createdDate, now);
    return 'failed';
  });
}

/** How soon a delivery whose target was unreachable as a whole is looked at again. */
const DEFER_MS = 1000;

/**
 * The target could not be reached at all (its backbone is down): the claim is handed back uncounted, so
 * an outage of any length spends none of the delivery's attempts, and it is due again in a second (the
 * dispatcher claims none of that target's deliveries while it stays unavailable).
 */
async function deferDelivery(
  db: Db,
  claimed: ClaimedDelivery,
  error: string | null,
  now: Date,
): Promise<'retrying' | 'superseded'> {
  const updated = await db
    .update(eventDeliveries)
    .set({
      status: 'pending',
      attempts: claimed.attempts - 1,
      nextAttemptDate: new Date(now.getTime() + DEFER_MS),
      leaseUntil: null,
      lastError: error,
    })
    .where(
      and(
        eq(eventDeliveries.id, claimed.id),
        eq(eventDeliveries.status, 'in_flight'),
        eq(eventDeliveries.attempts, claimed.attempts),
      ),
    )
    .returning({ id: eventDeliveries.id });
  return updated.length === 0 ? 'superseded' : 'retrying';
}

/**
 * A subscription whose delivery failed for the whole retry window, with no success since that delivery
 * was created, is disabled (so it stops costing work) and the merchant gets a notice to fix and re-enable it.
 */
async function disableIfDead(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  subscriptionId: string,
  since: Date,
  now: Date,
) {
  const [subscription] = await tx
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId));
  if (!subscription?.enabled) return;
  if (subscription.lastSuccessDate && subscription.lastSuccessDate >= since) return;
  const reason = `Every delivery attempt since ${since.toISOString()} failed; disabled on ${now.toISOString()}.`;
  await tx
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledReason: reason })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  await tx.insert(merchantNotices).values({
    kind: 'webhook.disabled',
    message:
      `Webhook ${subscription.url} was disabled: it failed for more than a day. Fix the endpoint, then ` +
      're-enable it (PATCH /admin-api/v1/webhooks/{id} with {"enabled": true}) and redeliver what it missed.',
    data: { webhookId: subscription.id, url: subscription.url },
    createdDate: now,
  });
}
