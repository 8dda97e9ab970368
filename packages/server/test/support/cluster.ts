import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestDatabase,
  merchantKey,
  type TestDatabase,
  testDatabaseKind,
} from '../../src/testing/index.js';
import { testRedisUrl } from '../../src/testing/redis.js';
import { type ServerProcess, startServerProcess } from '../../src/testing/server-process.js';

/*
 * Several real API processes (dist/server.js) on one fresh PostgreSQL database and one Redis namespace,
 * for the scale-out and crash suites. Two processes cannot share one embedded PGlite database, so on the
 * PGlite project these suites skip with a banner; they run in the PostgreSQL project (CI sets
 * TEST_DATABASE_URL, and there a missing Redis fails the run instead of skipping).
 */

/** Why the cluster suites cannot run here, or undefined when they can. */
export async function clusterUnavailable(suite: string): Promise<string | undefined> {
  if (testDatabaseKind() !== 'postgres') {
    const reason = `SKIPPING ${suite}: two processes cannot share one PGlite database; it runs in the server:postgres project (TEST_DATABASE_URL).`;
    console.warn(`\n!!! ${reason}\n`);
    return reason;
  }
  if (!(await testRedisUrl())) return `SKIPPING ${suite}: no Redis`;
  return undefined;
}

export interface Cluster {
  database: TestDatabase;
  env: Record<string, string>;
  processes: ServerProcess[];
  ownerKey: string;
  /** The bundled storefront's OAuth client id, for anonymous visitor tokens. */
  clientId: string;
  /** Starts one more process on the same database, Redis namespace and data directory. */
  start(name: string): Promise<ServerProcess>;
  /** A fresh anonymous visitor token from POST /oauth2/token. */
  visitor(on: ServerProcess): Promise<string>;
  close(): Promise<void>;
}

export async function startCluster(count: number, extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const database = await createTestDatabase();
  const redisUrl = (await testRedisUrl()) as string;
  const env = {
    DATABASE_URL: database.url as string,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openshelf-cluster-')),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `cluster-${randomBytes(6).toString('hex')}:`,
    EVENTS_DISPATCH: 'on',
    // Processes behind one address share one public URL: it is the tokens' issuer, so a token minted by
    // one process is accepted by the others (with per-process defaults, http://localhost:PORT, it is not).
    PUBLIC_URL: 'http://shop.test',
    DB_POOL_SIZE: '10',
    // Hundreds of shoppers arrive here from one loopback address: the per-IP visitor limit would
    // throttle them as one script (it has its own test in identity/rate-limit.test.ts).
    VISITOR_TOKENS_PER_IP: '0',
    ...extraEnv,
  };
  const processes: ServerProcess[] = [];
  const start = async (name: string) => {
    const started = await startServerProcess(name, env);
    processes.push(started);
    return started;
  };
  // One after another: the first start creates the storefront's OAuth client the others then find.
  for (let i = 0; i < count; i++) await start(`api ${String.fromCharCode(65 + i)}`);
  const clientId = readFileSync(path.join(env.DATA_DIR, 'storefront-client-id.txt'), 'utf8').trim();
  return {
    database,
    env,
    processes,
    ownerKey: await merchantKey(database, 'owner'),
    clientId,
    start,
    visitor: async (on) => {
      const reply = await send(on, 'POST', '/oauth2/token', undefined, { clientId, grantType: 'anonymous' });
      if (reply.status !== 200)
        throw new Error(`visitor token: ${reply.status} ${JSON.stringify(reply.json)}`);
      return reply.json.access_token as string;
    },
    close: async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await database.close();
    },
  };
}

export interface Reply {
  status: number;
  /** Seconds, when the reply names a wait (`Retry-After`). */
  retryAfter?: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read field by field
  json: any;
}

/** One JSON call over real HTTP. */
export async function send(
  on: ServerProcess,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Reply> {
  const reply = await fetch(`${on.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await reply.text();
  return {
    status: reply.status,
    retryAfter: reply.headers.get('retry-after') ?? undefined,
    json: text ? JSON.parse(text) : undefined,
  };
}

/**
 * {@link send}, again after the wait a 503 names (`Retry-After`), as a client of an overloaded store does:
 * when a burst outruns the pool's wait (DB_POOL_WAIT_MS) on a busy machine, the store says "briefly
 * unavailable" before it has changed anything, so only what it answered 200 to may count.
 */
export async function sendRetrying(
  on: ServerProcess,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    const reply = await send(on, method, url, token, body);
    if (reply.status !== 503 || attempt === 5) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(reply.retryAfter ?? 1)));
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inBatches<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Polls `probe` until it returns true or `timeoutMs` passes; returns how long it took (or throws). */
export async function eventually(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** A visitor with a checkout for `lineItems`, ready to order (e-mail given). */
export async function readyCheckout(cluster: Cluster, on: ServerProcess, lineItems: unknown[]) {
  const token = await cluster.visitor(on);
  const added = await send(on, 'POST', '/ecom/v1/carts/current/add-to-cart', token, { lineItems });
  if (added.status !== 200) throw new Error(`add-to-cart: ${added.status} ${JSON.stringify(added.json)}`);
  const created = await send(on, 'POST', '/ecom/v1/carts/current/create-checkout', token, {
    channelType: 'WEB',
  });
  const checkoutId = created.json.checkoutId as string;
  const email = `${randomBytes(4).toString('hex')}@example.com`;
  const updated = await send(on, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, token, {
    checkout: { buyerInfo: { email } },
  });
  if (updated.status !== 200) throw new Error(`checkout: ${updated.status} ${JSON.stringify(updated.json)}`);
  return { token, checkoutId };
}
