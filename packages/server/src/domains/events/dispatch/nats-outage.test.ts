import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { natsReachable, TEST_NATS_URL } from '../../../testing/nats.js';
import { recordTestEvent } from '../../../testing/outbox.js';
import { pollUntil } from '../../../testing/poll.js';
import { startTcpProxy, type TcpProxy } from '../../../testing/tcp-proxy.js';
import { eventDeliveries } from '../webhooks.schema.js';
import { NATS_STREAM, natsSubject } from './nats-publisher.adapter.js';

// Issue 35: with NATS down, events stay in the outbox and are published when it returns — without
// spending the attempts a delivery has (eleven retries over ~31 hours would give up on a long outage).
describe.runIf(await natsReachable())('NATS unreachable, then back', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const url = new URL(TEST_NATS_URL);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 4222) });
    t = await createTestApp({ env: { NATS_URL: `nats://${proxy.address}` } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const emit = (type: string) =>
    recordTestEvent(t.database.db, `nats-outage-${randomBytes(4).toString('hex')}`, type);
  const natsDelivery = async (eventId: string) => {
    const [delivery] = await t.database.db
      .select({ status: eventDeliveries.status, attempts: eventDeliveries.attempts })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.targetKind, 'nats')));
    return delivery;
  };
  const rounds = async (count: number) => {
    for (let i = 0; i < count; i++) await t.app.dispatcher.runOnce();
  };
  const delivered = (eventId: string) =>
    pollUntil(
      async () => {
        await rounds(1);
        return natsDelivery(eventId);
      },
      (delivery) => delivery?.status === 'delivered',
      15_000,
    );
  const published = async (type: string) => {
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const message = await (await nc.jetstreamManager()).streams.getMessage(NATS_STREAM, {
        last_by_subj: natsSubject(type),
      });
      return message.header?.get('Nats-Msg-Id');
    } finally {
      await nc.close();
    }
  };

  it('keeps events in the outbox while NATS is away, uncounted, and publishes each once it is back', async () => {
    const type = `test.outage.x${randomBytes(4).toString('hex')}`;
    await proxy.cut();
    const before = await emit(type);
    await rounds(4);
    expect(await natsDelivery(before)).toEqual({ status: 'pending', attempts: 0 });

    await proxy.restore();
    expect(await delivered(before)).toEqual({ status: 'delivered', attempts: 1 });
    expect(await published(type)).toBe(before);

    // Lost while connected: the client reconnects by itself and the event waits for it.
    await proxy.cut();
    const during = await emit(type);
    await rounds(4);
    expect(await natsDelivery(during)).toEqual({ status: 'pending', attempts: 0 });
    await proxy.restore();
    expect(await delivered(during)).toEqual({ status: 'delivered', attempts: 1 });
    expect(await published(type)).toBe(during);
  }, 40_000);
});
