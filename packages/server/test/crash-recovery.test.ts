import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createTestProduct, lineItem, setUpTestStore } from '../src/testing/ecom.js';
import { startReceiver } from '../src/testing/http-receiver.js';
import {
  type Cluster,
  clusterUnavailable,
  eventually,
  inBatches,
  readyCheckout,
  send,
  startCluster,
} from './support/cluster.js';

// kill -9 in the middle of placing orders (issue 9): whatever the process was doing, every order is
// whole or absent (stock, checkout and outbox event commit with it or not at all), the buyers can retry,
// and every event in the outbox reaches its webhook once a process runs again.
const unavailable = await clusterUnavailable('the crash-recovery suite');
const ORDERS = 40;

describe.skipIf(unavailable)('kill -9 of an API process mid-order', () => {
  let cluster: Cluster;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    // Deliveries the killed process had claimed come back when their lease ends: 5 s here, not the
    // default minute (the lease must outlast the webhook timeout, hence the shorter timeout too).
    cluster = await startCluster(1, { EVENTS_LEASE_SECONDS: '5', WEBHOOK_TIMEOUT_MS: '2000' });
    await setUpTestStore(cluster.database.db);
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
    await receiver?.close();
  });

  it('leaves no partial order, and every outbox event is delivered after the restart', async () => {
    const [first] = cluster.processes as [NonNullable<Cluster['processes'][0]>];
    const hook = await send(first, 'POST', '/admin-api/v1/webhooks', cluster.ownerKey, {
      url: receiver.url,
      eventTypes: ['*'],
    });
    expect(hook.status, JSON.stringify(hook.json)).toBe(200);
    const [mark] = await queryRows<{ seq: string | null }>(
      cluster.database.db,
      sql`SELECT max(seq) AS seq FROM outbox_events`,
    );
    const fromSeq = Number(mark?.seq ?? 0);
    const kettle = await createTestProduct(cluster.database.db, {
      name: 'Kettle',
      priceMinor: 3000,
      stock: { trackInventory: true, quantity: 1000 },
    });
    const buyers = await inBatches(Array.from({ length: ORDERS }), 8, () =>
      readyCheckout(cluster, first, [lineItem(kettle.id, 2)]),
    );

    // Fire every order at once and kill the process once a few have been answered: the rest are then
    // queued, mid-transaction or committed-but-unanswered.
    let answeredSoFar = 0;
    let killAfterFew: () => void = () => {};
    const fewAnswered = new Promise<void>((resolve) => (killAfterFew = resolve));
    const attempts = buyers.map((buyer) =>
      send(first, 'POST', `/ecom/v1/checkouts/${buyer.checkoutId}/create-order`, buyer.token, {})
        .then((reply) => {
          if (++answeredSoFar === 3) killAfterFew();
          return reply;
        })
        .catch(() => undefined),
    );
    await Promise.race([fewAnswered, Promise.all(attempts)]);
    await first.kill();
    const answered = (await Promise.all(attempts)).filter((reply) => reply?.status === 200).length;

    const orders = await queryRows<{ checkout_id: string; lines: { quantity: number }[] }>(
      cluster.database.db,
      sql`SELECT checkout_id, lines FROM orders`,
    );
    console.info(`kill -9: ${answered} orders answered, ${orders.length} committed of ${ORDERS} in flight`);
    expect(orders.length).toBeGreaterThanOrEqual(answered);
    // Whole or absent: stock taken equals what the committed orders hold, each has its checkout
    // completed and its ecom.order.created event, and no other checkout is completed.
    const sold = orders.flatMap((o) => o.lines).reduce((sum, line) => sum + line.quantity, 0);
    const [variant] = await queryRows<{ quantity: number }>(
      cluster.database.db,
      sql`SELECT quantity FROM product_variants WHERE product_id = ${kettle.id}`,
    );
    expect(variant?.quantity).toBe(1000 - sold);
    const completed = await queryRows<{ id: string }>(
      cluster.database.db,
      sql`SELECT id FROM checkouts WHERE completed`,
    );
    expect(completed.map((c) => c.id).sort()).toEqual(orders.map((o) => o.checkout_id).sort());
    const orderEvents = await queryRows<{ n: string }>(
      cluster.database.db,
      sql`SELECT count(*) AS n FROM outbox_events WHERE type = 'ecom.order.created'`,
    );
    expect(Number(orderEvents[0]?.n)).toBe(orders.length);

    // A new process: the buyers whose orders died with the old one retry and succeed, exactly once each.
    const second = await cluster.start('api after the crash');
    const retried = await Promise.all(
      buyers.map((buyer) =>
        send(second, 'POST', `/ecom/v1/checkouts/${buyer.checkoutId}/create-order`, buyer.token, {}),
      ),
    );
    expect(retried.map((r) => r.status)).toEqual(Array(ORDERS).fill(200));
    const after = await queryRows<{ n: string }>(cluster.database.db, sql`SELECT count(*) AS n FROM orders`);
    expect(Number(after[0]?.n)).toBe(ORDERS);

    // Every event in the outbox — including those committed just before the kill — reaches the webhook.
    const events = await queryRows<{ id: string }>(
      cluster.database.db,
      sql`SELECT id FROM outbox_events WHERE seq > ${fromSeq}`,
    );
    const waited = await eventually(
      'every outbox event delivered',
      async () => {
        const seen = new Set(receiver.received.map((r) => r.json.id));
        return events.every((event) => seen.has(event.id));
      },
      60_000,
    );
    console.info(`all ${events.length} outbox events delivered ${Math.round(waited)} ms after the restart`);
  }, 180_000);
});
