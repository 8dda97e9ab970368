import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { TEST_NATS_URL as NATS_URL, natsReachable } from '../../../testing/nats.js';
import { recordTestEvent } from '../../../testing/outbox.js';
import { createDispatcher } from './dispatcher.service.js';
import { type DispatchedEvent, EventRouting } from './event-routing.deps.js';
import { NATS_STREAM, natsSubject } from './nats-publisher.adapter.js';

const emit = (t: Pick<TestApp, 'database'>, entityId: string, type: string) =>
  recordTestEvent(t.database.db, entityId, type);

describe('in-process consumers', () => {
  let t: TestApp;
  let now = new Date('2026-02-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, random: () => 0.5 });
  });
  afterAll(() => t.close());

  it('receive their event types through the outbox, and failures are retried like webhooks', async () => {
    const handled: DispatchedEvent[] = [];
    let failuresLeft = 2;
    // Consumers are registered at start-up (domains do it on deps.events), before events flow.
    const consumers = new EventRouting();
    consumers.registerConsumer({
      name: 'order-mailer',
      eventTypes: ['ecom.order.created'],
      handle: async (event) => {
        if (failuresLeft-- > 0) throw new Error('SMTP server busy');
        handled.push(event);
      },
    });
    expect(() =>
      consumers.registerConsumer({ name: 'order-mailer', eventTypes: [], handle: async () => {} }),
    ).toThrow(/twice/);
    const dispatcher = createDispatcher({
      db: t.database.db,
      routing: consumers,
      clock: () => now,
      random: () => 0.5,
    });
    await emit(t, 'o-1', 'ecom.order.created');
    await emit(t, 'o-1', 'ecom.order.updated'); // not subscribed
    await dispatcher.runOnce();
    now = new Date(now.getTime() + 6_000);
    await dispatcher.runOnce();
    now = new Date(now.getTime() + 40_000);
    await dispatcher.runOnce();
    expect(handled.map((event) => [event.type, event.entityId, event.actor.identityType])).toEqual([
      ['ecom.order.created', 'o-1', 'MEMBER'],
    ]);
  });
});

describe.runIf(await natsReachable())('NATS JetStream publisher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NATS_URL } });
  });
  afterAll(() => t.close());

  it('publishes each event to a subject per type, deduplicated by event id', async () => {
    const entityId = `nats-${Date.now()}`;
    await emit(t, entityId, 'ecom.checkout.completed');
    for (let i = 0; i < 5; i++) await t.app.dispatcher.runOnce();

    const nc = await connect({ servers: NATS_URL });
    try {
      const manager = await nc.jetstreamManager();
      const message = await manager.streams.getMessage(NATS_STREAM, {
        last_by_subj: natsSubject('ecom.checkout.completed'),
      });
      const body = JSON.parse(new TextDecoder().decode(message.data));
      expect(body).toMatchObject({
        type: 'ecom.checkout.completed',
        entityId,
        actor: { identityType: 'MEMBER' },
      });
      expect(message.header?.get('Nats-Msg-Id')).toBe(body.id);
    } finally {
      await nc.close();
    }
  });
});
