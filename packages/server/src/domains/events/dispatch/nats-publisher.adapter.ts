import type { NatsConnection } from 'nats';
import type { DispatchedEvent, EventPublisher } from './event-routing.deps.js';
import { eventEnvelope } from './targets.adapter.js';

export const NATS_STREAM = 'OPENSHELF_EVENTS';
export const NATS_SUBJECT_PREFIX = 'openshelf.events';

/** `openshelf.events.catalog.product.created`: one subject per event type, one stream for them all. */
export function natsSubject(eventType: string): string {
  return `${NATS_SUBJECT_PREFIX}.${eventType.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/**
 * Publishes events to NATS JetStream for users who run an event backbone. The event id is the JetStream
 * message id, so a redelivery within the stream's duplicate window is stored once.
 */
export function createNatsPublisher(url: string): EventPublisher {
  let connection: Promise<NatsConnection> | undefined;

  const connected = (): Promise<NatsConnection> => {
    connection ??= (async () => {
      // Loaded only when NATS_URL is set: a start without it never pays for the client.
      const { connect } = await import('nats');
      const nc = await connect({ servers: url, name: 'openshelf', maxReconnectAttempts: -1 });
      const manager = await nc.jetstreamManager();
      try {
        await manager.streams.info(NATS_STREAM);
      } catch {
        await manager.streams.add({ name: NATS_STREAM, subjects: [`${NATS_SUBJECT_PREFIX}.>`] });
      }
      return nc;
    })().catch((error: unknown) => {
      connection = undefined; // try again on the next delivery
      throw new Error(
        `Cannot reach NATS at ${url}: ${error instanceof Error ? error.message : error}. Check NATS_URL and that JetStream is enabled.`,
      );
    });
    return connection;
  };

  return {
    async publish(event: DispatchedEvent) {
      const nc = await connected();
      const body = new TextEncoder().encode(JSON.stringify(eventEnvelope(event)));
      await nc.jetstream().publish(natsSubject(event.type), body, { msgID: event.id });
    },
    async close() {
      if (!connection) return;
      const nc = await connection.catch(() => undefined);
      await nc?.drain();
    },
  };
}
