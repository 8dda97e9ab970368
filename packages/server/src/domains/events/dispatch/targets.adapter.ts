import { Webhook } from 'standardwebhooks';
import type { ClaimedDelivery } from './claim.service.js';
import {
  type DeliveryOutcome,
  type DispatchedEvent,
  type EventRouting,
  PublisherUnavailable,
} from './event-routing.deps.js';

/** The JSON body a webhook receiver gets (also the NATS message body). */
export function eventEnvelope(event: DispatchedEvent) {
  return {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    entityType: event.entityType,
    entityId: event.entityId,
    actor: event.actor,
    data: event.payload,
  };
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

/**
 * POSTs the event signed with the Standard Webhooks scheme (webhook-id / webhook-timestamp /
 * webhook-signature). The event id is the webhook-id, identical across retries, so receivers can
 * drop duplicates. Any 2xx is success; redirects are not followed.
 */
export async function sendWebhook(
  target: WebhookTarget,
  event: DispatchedEvent,
  now: Date,
  timeoutMs: number,
): Promise<DeliveryOutcome> {
  const body = JSON.stringify(eventEnvelope(event));
  const signature = new Webhook(target.secret).sign(event.id, now, body);
  const started = performance.now();
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Openshelf-Webhooks/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      statusCode: response.status,
      ...(ok ? {} : { error: `Receiver answered HTTP ${response.status}` }),
      latencyMs: performance.now() - started,
    };
  } catch (error) {
    const message =
      error instanceof Error
        ? error.name === 'TimeoutError'
          ? `No answer within ${timeoutMs} ms`
          : describeFetchError(error)
        : String(error);
    return { ok: false, error: message, latencyMs: performance.now() - started };
  }
}

/** Runs an in-process consumer or the publisher for one claimed delivery. */
export async function runInternalTarget(
  routing: EventRouting,
  claimed: ClaimedDelivery,
): Promise<DeliveryOutcome> {
  const started = performance.now();
  try {
    if (claimed.targetKind === 'nats') {
      if (!routing.publisher)
        return { ok: false, error: 'No event publisher is configured (NATS_URL unset)', latencyMs: 0 };
      await routing.publisher.publish(claimed.event);
    } else {
      const consumer = routing.consumer(claimed.targetId);
      if (!consumer)
        return {
          ok: false,
          error: `No consumer "${claimed.targetId}" is registered in this process`,
          latencyMs: 0,
        };
      await consumer.handle(claimed.event);
    }
    return { ok: true, latencyMs: performance.now() - started };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      latencyMs: performance.now() - started,
      ...(error instanceof PublisherUnavailable ? { deferred: true } : {}),
    };
  }
}

function describeFetchError(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}: ${cause.message ?? error.message}` : error.message;
}
