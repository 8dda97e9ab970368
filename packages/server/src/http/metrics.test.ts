import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../domains/events/events.service.js';
import { createTestApp, type TestApp } from '../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ''}`) && !l.startsWith('#'));
  return line ? Number(line.split(' ').pop()) : undefined;
}

describe('/metrics', () => {
  it('reports latency per route pattern (not per raw URL), the pool and the event backlog', async () => {
    await t.app.inject('/healthz');
    await t.app.inject('/admin-api/v1/webhooks/abc-1');
    await t.app.inject('/admin-api/v1/webhooks/abc-2');
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'webhook.ping',
        entityType: 'test',
        entityId: 'm-1',
        payload: {},
        actor: { identityType: 'UNKNOWN' },
      }),
    );
    const reply = await t.app.inject('/metrics');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    const text = reply.body;
    expect(
      sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/healthz",status="2xx"'),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/admin-api/v1/webhooks/:id",status="4xx"',
      ),
    ).toBe(2);
    expect(text).not.toContain('abc-1');
    expect(sample(text, 'outbox_unpublished_events')).toBe(1);
    expect(sample(text, 'db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(sample(text, 'mail_queue_messages', 'status="pending"')).toBe(0);
    expect(sample(text, 'payment_attempts_open')).toBe(0);

    await t.app.dispatcher.runOnce();
    expect(sample((await t.app.inject('/metrics')).body, 'outbox_unpublished_events')).toBe(0);
  });
});
