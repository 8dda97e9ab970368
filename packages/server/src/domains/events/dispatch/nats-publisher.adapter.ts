import type { NatsConnection } from 'nats';
import type { ServiceHealth } from '../../../lib/service-health.js';
import { type DispatchedEvent, type EventPublisher, PublisherUnavailable } from './event-routing.deps.js';
import { eventEnvelope } from './targets.adapter.js';

export const NATS_STREAM = 'OPENSHELF_EVENTS';
export const NATS_SUBJECT_PREFIX = 'openshelf.events';

/** `openshelf.events.catalog.product.created`: one subject per event type, one stream for them all. */
export function natsSubject(eventType: string): string {
  return `${NATS_SUBJECT_PREFIX}.${eventType.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

const MEANWHILE = 'events wait in the outbox and are published when it answers again';
const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_EVERY_MS = 2000;

export interface NatsPublisherOptions {
  /** Told when NATS stops or starts answering. */
  health?: ServiceHealth;
}

/**
 * Publishes events to NATS JetStream for users who run an event backbone. The event id is the JetStream
 * message id, so a redelivery within the stream's duplicate window is stored once.
 *
 * NATS is optional: while it cannot be reached (not yet connected, or disconnected and reconnecting in
 * the background) `available()` is false, so the dispatcher leaves NATS deliveries in the outbox without
 * spending their attempts, and a publish fails at once with `PublisherUnavailable` (also not counted).
 * Once the connection is back they are published within a dispatcher round.
 */
export function createNatsPublisher(url: string, options: NatsPublisherOptions = {}): EventPublisher {
  const { health } = options;
  let connection: Promise<NatsConnection> | undefined;
  let connected = false;
  /** Until when the last failed connection attempt keeps the publisher unavailable. */
  let unavailableUntil = 0;
  let closing = false;

  const watch = async (nc: NatsConnection) => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        health?.down('nats', new Error(`disconnected from ${String(status.data)}`), MEANWHILE);
      } else if (status.type === 'reconnect') {
        connected = true;
        health?.up('nats');
      }
    }
  };

  const connect = (): Promise<NatsConnection> => {
    connection ??= (async () => {
      // Loaded only when NATS_URL is set: a start without it never pays for the client.
      const { connect: connectNats } = await import('nats');
      const nc = await connectNats({
        servers: url,
        name: 'openshelf',
        timeout: CONNECT_TIMEOUT_MS,
        // Once connected, the client reconnects by itself for as long as it takes.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
      });
      try {
        const manager = await nc.jetstreamManager();
        try {
          await manager.streams.info(NATS_STREAM);
        } catch {
          await manager.streams.add({ name: NATS_STREAM, subjects: [`${NATS_SUBJECT_PREFIX}.>`] });
        }
      } catch (error) {
        await nc.close().catch(() => {});
        throw error;
      }
      connected = true;
      health?.up('nats');
      void watch(nc).catch(() => {});
      void nc.closed().then(() => {
        connected = false;
        connection = undefined;
      });
      return nc;
    })().catch((error: unknown) => {
      connection = undefined; // tried again once `unavailableUntil` has passed
      unavailableUntil = Date.now() + RECONNECT_EVERY_MS;
      const reason = new Error(
        `Cannot reach NATS at ${url}: ${error instanceof Error ? error.message : error}. Check NATS_URL and that JetStream is enabled.`,
      );
      health?.down('nats', reason, MEANWHILE);
      throw new PublisherUnavailable(reason.message);
    });
    return connection;
  };

  // Pauses after JetStream failed to take an event while connected (a timeout, no responders): 1 s, then
  // twice as long each time up to 30 s, back to none once one is taken.
  let pauseMs = 0;
  return {
    available: () => !closing && Date.now() >= unavailableUntil && (connected || connection === undefined),
    async publish(event: DispatchedEvent) {
      const nc = await connect();
      if (!connected) throw new PublisherUnavailable(`NATS at ${url} is disconnected; reconnecting`);
      const body = new TextEncoder().encode(JSON.stringify(eventEnvelope(event)));
      try {
        await nc.jetstream().publish(natsSubject(event.type), body, { msgID: event.id });
      } catch (error) {
        // Too large for the server: no wait cures it, the delivery fails like a refused webhook.
        if ((error as { code?: unknown }).code === 'MAX_PAYLOAD_EXCEEDED') throw error;
        // Lost while publishing, or JetStream not answering: the event waits, uncounted, as while NATS
        // is disconnected, and the backbone is left alone for a while.
        pauseMs = Math.min(30_000, Math.max(1000, pauseMs * 2));
        unavailableUntil = Date.now() + pauseMs;
        health?.down('nats', error, MEANWHILE);
        throw new PublisherUnavailable(error instanceof Error ? error.message : String(error));
      }
      pauseMs = 0;
      health?.up('nats');
    },
    async close() {
      closing = true;
      if (!connection) return;
      const nc = await connection.catch(() => undefined);
      if (nc) await nc.drain().catch(() => nc.close());
    },
  };
}
