import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { createTestProduct, setUpTestStore } from '../../src/testing/ecom.js';
import { TEST_NATS_URL } from '../../src/testing/nats.js';
import type { ServerProcess } from '../../src/testing/server-process.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../src/testing/smtp.js';
import { startTcpProxy, type TcpProxy } from '../../src/testing/tcp-proxy.js';
import { type Cluster, clusterUnavailable, eventually, startCluster } from '../support/cluster.js';
import { alive, Ledger, readiness, shopAndOrder } from '../support/faults.js';

// Issue 35, fault 2: Redis, NATS and SMTP are optional, so their absence must degrade the store, never
// stop it. Before, a store started with Redis unreachable gave no visitor token (0 of 8 shopping flows
// worked) and sign-in answered 500 after 9–15 s with Redis cut; mail failed the request that sent it.
const unavailable = await clusterUnavailable('the optional-services fault suite');

describe.skipIf(unavailable)('Redis, NATS and SMTP down, then back', () => {
  let redis: TcpProxy;
  let nats: TcpProxy;
  let smtp: TestSmtpServer;
  let cluster: Cluster;
  let server: ServerProcess;
  beforeAll(async () => {
    const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    redis = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    const natsUrl = new URL(TEST_NATS_URL);
    nats = await startTcpProxy({ host: natsUrl.hostname, port: Number(natsUrl.port || 4222) });
    smtp = await startTestSmtpServer();
    // All three are away before the store starts.
    await Promise.all([redis.cut(), nats.cut(), smtp.stop()]);
    cluster = await startCluster(1, {
      REDIS_URL: redis.via(redisUrl.toString()),
      NATS_URL: `nats://${nats.address}`,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
    });
    server = cluster.processes[0] as ServerProcess;
    await setUpTestStore(cluster.database.db);
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
    await Promise.all([redis?.close(), nats?.close(), smtp?.close()]);
  });

  const ledger = new Ledger();
  const email = `${randomBytes(5).toString('hex')}@example.com`;
  let stateToken: string;

  it('starts degraded, sells, and signs members up with all three unreachable', async () => {
    await eventually(
      '/readyz lists Redis as down',
      async () =>
        (await readiness(server)).json.degraded?.some((d: { service: string }) => d.service === 'redis'),
      10_000,
    );
    const ready = await readiness(server);
    expect(ready.status).toBe(200);
    expect(ready.json.status).toBe('degraded');

    const kettle = await createTestProduct(cluster.database.db, {
      name: 'Kettle',
      priceMinor: 3000,
      stock: { trackInventory: true, quantity: 100 },
    });
    const started = performance.now();
    const purchases = await Promise.all(
      Array.from({ length: 8 }, () => shopAndOrder(ledger, server, cluster.clientId, kettle.id)),
    );
    expect(purchases).toHaveLength(8);
    // Not one refusal: nothing on the shopping path depends on the three.
    expect(ledger.answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(20_000);

    const registered = await ledger.call(server, 'POST', '/_api/iam/authentication/v2/register', undefined, {
      loginId: { email },
      password: 'secret123',
      profile: { nickname: 'Ada' },
    });
    expect(registered?.status).toBe(200);
    expect(registered?.json.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    stateToken = registered?.json.stateToken;
    const [queued] = await queryRows<{ n: number }>(
      cluster.database.db,
      sql`SELECT count(*)::int AS n FROM mail_queue WHERE "to" = ${email} AND status = 'pending'`,
    );
    expect(queued?.n).toBe(1);

    // A failed sign-in is answered at once (counted in the process), not after Redis's timeouts.
    const guess = performance.now();
    const wrong = await ledger.call(server, 'POST', '/_api/iam/authentication/v2/login', undefined, {
      loginId: { email },
      password: 'not it',
    });
    expect(wrong?.status).toBeLessThan(500);
    expect(performance.now() - guess).toBeLessThan(2000);
    const degraded = (await readiness(server)).json.degraded.map((d: { service: string }) => d.service);
    expect(degraded).toEqual(expect.arrayContaining(['redis', 'smtp', 'nats']));
  }, 60_000);

  it('once they are back: the queued code arrives, events reach NATS once each, and the store is ready', async () => {
    await Promise.all([redis.restore(), nats.restore(), smtp.resume()]);
    // The mail queue runs every 10 s.
    const mail = await smtp.waitFor((m) => m.to.includes(email), 25_000);
    const code = /code is (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await ledger.call(server, 'POST', '/_api/iam/verification/v1/auth/verify', undefined, {
      code,
      stateToken,
    });
    expect(verified?.json.state).toBe('SUCCESS');

    const undelivered = () =>
      queryRows<{ status: string; attempts: number; last_error: string | null }>(
        cluster.database.db,
        sql`SELECT status, attempts, last_error FROM event_deliveries WHERE target_kind = 'nats' AND status <> 'delivered'`,
      );
    await eventually(
      'every NATS delivery delivered',
      async () => (await undelivered()).length === 0,
      30_000,
    ).catch(async (error: Error) => {
      throw new Error(
        `${error.message}: ${JSON.stringify((await undelivered()).slice(0, 3))}\n${server.output().slice(-2000)}`,
      );
    });
    // Not one attempt spent while NATS was away.
    const [spent] = await queryRows<{ max: number; n: number }>(
      cluster.database.db,
      sql`SELECT max(attempts)::int AS max, count(*)::int AS n FROM event_deliveries WHERE target_kind = 'nats'`,
    );
    expect(spent?.n).toBeGreaterThan(8);
    expect(spent?.max).toBe(1);
    await eventually(
      'ready, no longer degraded',
      async () => (await readiness(server)).json.status === 'ready',
      15_000,
    );
    expect(await alive(server)).toBe(true);
    // The log said each was down, once, and what the store did meanwhile.
    expect(server.output()).toMatch(
      /redis is unreachable: rate limits and sign-in counts are kept per process/,
    );
    expect(server.output()).toMatch(/smtp is unreachable: e-mail waits in the mail queue/);
    expect(server.output().match(/redis is unreachable/g)?.length).toBe(1);
  }, 60_000);

  it('Redis cut while running: sign-in answers at once, and the store stays ready (degraded)', async () => {
    await redis.cut();
    const started = performance.now();
    const login = await ledger.call(server, 'POST', '/_api/iam/authentication/v2/login', undefined, {
      loginId: { email },
      password: 'secret123',
    });
    expect(login?.json.state).toBe('SUCCESS');
    expect(performance.now() - started).toBeLessThan(2500);
    const ready = await readiness(server);
    expect(ready.status).toBe(200);
    expect(ready.json.status).toBe('degraded');
    await redis.restore();
    expect(ledger.unanswered).toEqual([]);
  }, 30_000);
});
