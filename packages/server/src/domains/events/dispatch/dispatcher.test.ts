import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../testing/http-receiver.js';
import { createTestApp, merchantKey, type TestApp, testDatabaseKind } from '../../../testing/index.js';
import { recordEvent } from '../events.service.js';
import { createWebhook, getWebhook, listDeliveries, listNotices } from '../webhooks.service.js';
import { claimDueDeliveries } from './claim.service.js';
import { createDispatcher } from './dispatcher.service.js';
import { EventRouting } from './event-routing.deps.js';
import { fanOut } from './fanout.service.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry.rules.js';

let now = new Date('2026-01-01T00:00:00Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, random: () => 0.5 });
});
afterAll(() => t.close());

async function emit(
  entityId: string,
  type = 'catalog.product.changed',
  payload: Record<string, unknown> = {},
) {
  await t.database.db.transaction((tx) =>
    recordEvent(tx, {
      type,
      entityType: 'product',
      entityId,
      payload: { id: entityId, ...payload },
      actor: { identityType: 'WIX_USER', id: 'k' },
    }),
  );
}

async function drain(rounds = 50) {
  for (let i = 0; i < rounds; i++) {
    const round = await t.app.dispatcher.runOnce();
    if (round.fannedOut === 0 && round.attempted === 0) return;
  }
}

describe('webhook delivery', () => {
  it('delivers signed events that verify with the Standard Webhooks library', async () => {
    now = new Date(); // the verifier checks the signature's timestamp against the real time
    const receiver = await startReceiver();
    const { webhook, secret } = await createWebhook(t.database.db, {
      url: receiver.url,
      eventTypes: ['catalog.product.created'],
    });
    await emit('p-sign', 'catalog.product.created', { name: 'Mug' });
    await emit('p-sign', 'catalog.product.deleted'); // not subscribed
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const verified = new Webhook(secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    ) as {
      type: string;
      entityId: string;
      data: { name: string };
      actor: { identityType: string };
      occurredAt: string;
    };
    expect(verified).toMatchObject({
      type: 'catalog.product.created',
      entityId: 'p-sign',
      data: { name: 'Mug' },
      actor: { identityType: 'WIX_USER' },
    });
    expect(request!.headers['webhook-id']).toBe(request!.json.id);
    // A tampered body does not verify.
    expect(() =>
      new Webhook(secret).verify(`${request!.body} `, request!.headers as Record<string, string>),
    ).toThrow();
    const log = await listDeliveries(t.database.db, webhook.id, { limit: 10, offset: 0 });
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(log.deliveries[0]!.attemptLog).toHaveLength(1);
    await receiver.close();
  });

  it('retries with back-off: a receiver failing three times gets the event on the fourth attempt', async () => {
    const receiver = await startReceiver((_request, index) => (index < 3 ? 503 : 204));
    const { webhook } = await createWebhook(t.database.db, {
      url: receiver.url,
      eventTypes: ['catalog.collection.created'],
    });
    await emit('c-retry', 'catalog.collection.created');
    await drain();
    expect(receiver.received).toHaveLength(1);
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Not before the back-off has passed…
      advance(RETRY_DELAYS_MS[attempt - 1]! * 0.5);
      await drain();
      expect(receiver.received).toHaveLength(attempt);
      // …then exactly once more.
      advance(RETRY_DELAYS_MS[attempt - 1]! * 0.6);
      await drain();
      expect(receiver.received).toHaveLength(attempt + 1);
    }
    const log = await listDeliveries(t.database.db, webhook.id, { limit: 10, offset: 0 });
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 204 });
    expect(log.deliveries[0]!.attemptLog.map((a) => a.statusCode)).toEqual([503, 503, 503, 204]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await receiver.close();
  });

  it('gives up after more than 24 hours of failures, disables the subscription and tells the merchant', async () => {
    const receiver = await startReceiver(() => 500);
    const { webhook } = await createWebhook(t.database.db, {
      url: receiver.url,
      eventTypes: ['ecom.order.created'],
    });
    const started = now.getTime();
    await emit('o-dead', 'ecom.order.created');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await drain();
      advance(9 * 60 * 60 * 1000);
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const lastAttempt = receiver.received.length;
    expect(now.getTime() - started).toBeGreaterThan(24 * 60 * 60 * 1000);
    const log = await listDeliveries(t.database.db, webhook.id, { limit: 10, offset: 0 });
    expect(log.deliveries[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await getWebhook(t.database.db, webhook.id)).toMatchObject({ enabled: false });
    const notices = await listNotices(t.database.db);
    expect(
      notices.some((notice) => notice.kind === 'webhook.disabled' && notice.data.webhookId === webhook.id),
    ).toBe(true);
    // A disabled subscription receives nothing new.
    await emit('o-dead-2', 'ecom.order.created');
    advance(1000);
    await drain();
    expect(receiver.received).toHaveLength(lastAttempt);
    await receiver.close();
  });

  it('keeps per-entity order while sending many entities in parallel', async () => {
    const seen: string[] = [];
    const receiver = await startReceiver(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      seen.push(`${request.json.entityId}#${(request.json.data as { n: number }).n}`);
      return 200;
    });
    await createWebhook(t.database.db, {
      url: receiver.url,
      eventTypes: ['catalog.product.variants_changed'],
    });
    for (let n = 0; n < 6; n++)
      for (const entity of ['a', 'b', 'c', 'd'])
        await emit(`ord-${entity}`, 'catalog.product.variants_changed', { n });
    await drain();
    expect(seen).toHaveLength(24);
    for (const entity of ['a', 'b', 'c', 'd']) {
      const order = seen.filter((s) => s.startsWith(`ord-${entity}#`)).map((s) => Number(s.split('#')[1]));
      expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    }
    await receiver.close();
  });
});

describe('crashes and several dispatchers', () => {
  it('a dispatcher killed mid-batch loses nothing: its claims come back after the lease, each event arrives once at an idempotent receiver', async () => {
    const unique = new Set<string>();
    let requests = 0;
    const receiver = await startReceiver((request) => {
      requests += 1;
      unique.add(String(request.headers['webhook-id']));
      return 200;
    });
    await createWebhook(t.database.db, { url: receiver.url, eventTypes: ['ecom.cart.updated'] });
    for (let i = 0; i < 30; i++) await emit(`crash-${i}`, 'ecom.cart.updated');
    // The "killed" dispatcher fanned out and claimed part of a batch, then died before sending it.
    await fanOut(t.database.db, new EventRouting(), now);
    const lost = await claimDueDeliveries(t.database.db, now, 60_000, 10);
    expect(lost).toHaveLength(10);
    // Events committed while no dispatcher ran wait in the outbox.
    await emit('crash-late', 'ecom.cart.updated');
    // After a restart, everything not claimed goes out at once; the dead claims after their lease.
    const restarted = createDispatcher({ db: t.database.db, routing: new EventRouting(), clock });
    await restarted.runOnce();
    expect(requests).toBe(21);
    advance(61_000);
    await restarted.runOnce();
    await restarted.runOnce();
    expect(unique.size).toBe(31);
    expect(requests).toBe(31);
    await receiver.close();
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'two dispatchers racing never send the same attempt twice',
    async () => {
      const ids: string[] = [];
      const receiver = await startReceiver((request) => {
        ids.push(String(request.headers['webhook-id']));
        return 200;
      });
      await createWebhook(t.database.db, { url: receiver.url, eventTypes: ['ecom.checkout.updated'] });
      for (let i = 0; i < 120; i++) await emit(`race-${i % 40}`, 'ecom.checkout.updated', { i });
      const dispatchers = [0, 1].map(() =>
        createDispatcher({
          db: t.database.db,
          routing: new EventRouting(),
          clock,
          batchSize: 7,
          concurrency: 4,
        }),
      );
      await Promise.all(
        dispatchers.map(async (dispatcher) => {
          for (let i = 0; i < 60; i++) await dispatcher.runOnce();
        }),
      );
      expect(ids).toHaveLength(120);
      expect(new Set(ids).size).toBe(120);
      await receiver.close();
    },
  );
});

describe('admin API', () => {
  it('manages subscriptions with validation, shows the delivery log and redelivers', async () => {
    const owner = await merchantKey(t.database);
    const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: owner }, ...(payload ? { payload } : {}) });
    expect((await t.app.inject('/admin-api/v1/webhooks')).statusCode).toBe(401);
    const bad = await inject('POST', '/admin-api/v1/webhooks', {
      url: 'ftp://x',
      eventTypes: ['catalog.product.created', 'nope'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual(
      ['eventTypes[1]', 'url'],
    );

    const receiver = await startReceiver(() => 200);
    const created = await inject('POST', '/admin-api/v1/webhooks', {
      url: receiver.url,
      eventTypes: ['webhook.ping'],
      description: 'ops',
    });
    expect(created.statusCode).toBe(200);
    const { webhook, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    expect(created.body.match(/whsec_/g)).toHaveLength(1);
    expect((await inject('GET', `/admin-api/v1/webhooks/${webhook.id}/secret`)).json()).toEqual({ secret });

    await emit('ping-1', 'webhook.ping');
    await drain();
    const log = await inject('GET', `/admin-api/v1/webhooks/${webhook.id}/deliveries`);
    expect(log.json().metadata).toMatchObject({ count: 1, total: 1 });
    const delivery = log.json().deliveries[0];
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, eventType: 'webhook.ping' });
    expect(delivery.attemptLog[0]).toMatchObject({ attempt: 1, succeeded: true, statusCode: 200 });

    expect(
      (await inject('POST', `/admin-api/v1/webhook-deliveries/${delivery.id}/redeliver`)).statusCode,
    ).toBe(200);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);

    const disabled = await inject('PATCH', `/admin-api/v1/webhooks/${webhook.id}`, { enabled: false });
    expect(disabled.json().webhook).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled by the merchant',
    });
    expect((await inject('DELETE', `/admin-api/v1/webhooks/${webhook.id}`)).json()).toEqual({});
    expect(
      (await inject('GET', `/admin-api/v1/webhooks/${webhook.id}`)).json().details.applicationError.code,
    ).toBe('WEBHOOK_NOT_FOUND');
    expect((await inject('GET', '/admin-api/v1/event-types')).json().eventTypes).toContain(
      'ecom.checkout.completed',
    );
    await receiver.close();
  });
});
