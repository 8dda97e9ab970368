import type { EventActor } from '../events.schema.js';
import { matchesEventType } from '../events.types.js';

/** An event as targets receive it. */
export interface DispatchedEvent {
  id: string;
  seq: number;
  type: string;
  entityType: string;
  entityId: string;
  payload: Record<string, unknown>;
  actor: EventActor;
  occurredAt: Date;
}

export interface DeliveryOutcome {
  ok: boolean;
  statusCode?: number;
  error?: string;
  latencyMs: number;
  /** The failure cannot heal by waiting (e.g. the subscription was deleted): give up without retrying. */
  permanent?: boolean;
  /**
   * The target as a whole is unreachable (the NATS backbone is down): the attempt does not count, and the
   * delivery waits in the outbox for the target to come back rather than moving on its retry schedule.
   */
  deferred?: boolean;
}

/**
 * An in-process subscriber (e.g. order confirmation e-mail, cache invalidation). It receives events
 * through the same outbox and retry machinery as webhooks, at least once, so it must be idempotent
 * (the event id is the idempotency key).
 */
export interface EventConsumer {
  name: string;
  eventTypes: readonly string[];
  handle(event: DispatchedEvent): Promise<void>;
}

/** Publishes events to an external backbone (NATS JetStream when NATS_URL is set). */
export interface EventPublisher {
  publish(event: DispatchedEvent): Promise<void>;
  /** False while the backbone is known to be unreachable: the dispatcher then leaves its deliveries be. */
  available(): boolean;
  close(): Promise<void>;
}

/** A publish refused because the backbone cannot be reached right now (not the event's fault). */
export class PublisherUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublisherUnavailable';
  }
}

/**
 * Where events go besides webhooks: in-process consumers registered by domains at start-up, and an
 * optional publisher. One instance per app, passed to domains through their options.
 */
export class EventRouting {
  private readonly consumers = new Map<string, EventConsumer>();

  constructor(readonly publisher?: EventPublisher) {}

  registerConsumer(consumer: EventConsumer): void {
    if (this.consumers.has(consumer.name))
      throw new Error(`Event consumer "${consumer.name}" is registered twice`);
    this.consumers.set(consumer.name, consumer);
  }

  consumer(name: string): EventConsumer | undefined {
    return this.consumers.get(name);
  }

  consumersFor(type: string): EventConsumer[] {
    return [...this.consumers.values()].filter((consumer) => matchesEventType(consumer.eventTypes, type));
  }
}
