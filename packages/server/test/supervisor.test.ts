import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItem } from '../src/testing/ecom.js';
import { type FakeStripe, startFakeStripe } from '../src/testing/fake-stripe/index.js';
import { startReceiver } from '../src/testing/http-receiver.js';
import { createTestDatabase, merchantKey, testDatabaseKind } from '../src/testing/index.js';
import { freePort } from '../src/testing/ports.js';
import { type ServerProcess, startServerProcess } from '../src/testing/server-process.js';
import { eventually } from './support/cluster.js';

// Issue 35, item 4: the ways docs/operations.md gives to run the store under a supervisor, checked
// against what the build makes, and the graceful shutdown they rely on.
const root = path.resolve(import.meta.dirname, '../../..');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((candidate) =>
  existsSync(candidate),
);
if (!systemdAnalyze) {
  if (inCi) throw new Error('CI needs systemd-analyze (Debian package systemd) to check the systemd unit');
  console.warn('\n!!! SKIPPING the systemd unit check: no systemd-analyze on this machine.\n');
}

const healthcheck = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/healthcheck.mjs'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });

describe('supervising the store', () => {
  it.runIf(systemdAnalyze)('the systemd unit verifies, and starts what the build makes', () => {
    const unit = readFileSync(path.join(root, 'deploy/systemd/openshelf.service'), 'utf8');
    // The unit as installed on this machine: the checkout here, this machine's user and environment file.
    const dir = mkdtempSync(path.join(tmpdir(), 'openshelf-unit-'));
    const installed = unit
      .replaceAll('/opt/openshelf', root)
      .replace(
        'EnvironmentFile=/etc/openshelf/openshelf.env',
        `EnvironmentFile=${root}/deploy/systemd/openshelf.env.example`,
      )
      .replace(/^User=.*$/m, 'User=root')
      .replace(/^Group=.*$/m, 'Group=root');
    writeFileSync(path.join(dir, 'openshelf.service'), installed);
    const verified = spawnSync(
      systemdAnalyze as string,
      ['verify', '--man=no', path.join(dir, 'openshelf.service')],
      {
        encoding: 'utf8',
      },
    );
    // systemd-analyze answers 0 even for unknown keys: its warnings are the failure.
    expect(verified.stderr.trim()).toBe('');
    expect(verified.status).toBe(0);
    const start = /^ExecStart=\S+ (\S+)$/m.exec(unit)?.[1] as string;
    expect(existsSync(path.join(root, start))).toBe(true);
    // A bad configuration exits with 78, which the unit does not restart (a retry cannot fix it).
    expect(unit).toMatch(/^RestartPreventExitStatus=78$/m);
    const refused = spawnSync(process.execPath, [path.join(root, start)], {
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(78);
    // systemd's stop timeout leaves the store its own shutdown time.
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(10_000);
  });

  it('the container image runs what the build makes, and its health probe is in the image', () => {
    const dockerfile = readFileSync(path.join(root, 'deploy/container/Dockerfile'), 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd[0]).toBe('node');
    expect(existsSync(path.join(root, cmd[1] as string))).toBe(true);
    const probe = JSON.parse(/^HEALTHCHECK .* CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(existsSync(path.join(root, probe[1] as string))).toBe(true);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(dockerfile).toMatch(/^ENV .*DATA_DIR=\/data/m);
    // Nothing the image needs is kept out of its build context.
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const needed of ['packages', 'apps', 'scripts', 'package.json', 'package-lock.json'])
      expect(ignored).not.toContain(needed);
  });

  it('the health probe says unhealthy, and why, when nothing answers', async () => {
    const port = await freePort();
    const probe = healthcheck({ PORT: String(port) });
    expect(probe.status).toBe(1);
    expect(probe.stdout).toMatch(/^unhealthy: http:\/\/127\.0\.0\.1:\d+\/healthz did not answer/);
  });
});

describe('SIGTERM with an order in flight', () => {
  let stripe: FakeStripe;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: ServerProcess;
  let owner: string;
  let dataDir: string;
  let closeDatabase = async () => {};
  beforeAll(async () => {
    stripe = await startFakeStripe();
    receiver = await startReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'openshelf-drain-'));
    const env: Record<string, string> = {
      ...stripe.env,
      DATA_DIR: dataDir,
      DEMO_CATALOG: 'false',
      EVENTS_DISPATCH: 'on',
      VISITOR_TOKENS_PER_IP: '0',
      LOG_LEVEL: 'info',
    };
    if (testDatabaseKind() === 'postgres') {
      const database = await createTestDatabase();
      owner = await merchantKey(database, 'owner');
      await database.disconnect();
      env.DATABASE_URL = database.url as string;
      closeDatabase = database.close;
    }
    server = await startServerProcess('api to be stopped', env);
    owner ??= readFileSync(path.join(dataDir, 'owner-api-key.txt'), 'utf8').trim();
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    await receiver?.close();
    await stripe?.close();
    await closeDatabase();
  });

  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const reply = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...(token ? { authorization: token } : {}), 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
    return { status: reply.status, json: (await reply.json()) as any };
  };

  it('answers the order, delivers its events, then exits 0; the health probe follows along', async () => {
    expect(healthcheck({ PORT: new URL(server.url).port }).status).toBe(0);
    expect(healthcheck({ PORT: new URL(server.url).port }, '--ready').status).toBe(0);
    const hook = await call('POST', '/admin-api/v1/webhooks', owner, {
      url: receiver.url,
      eventTypes: ['*'],
    });
    expect(hook.status, JSON.stringify(hook.json)).toBe(200);
    const product = await call('POST', '/stores/v1/products', owner, {
      product: { name: 'Brewing Guide', productType: 'digital', priceData: { price: 9 } },
    });
    expect(product.status, JSON.stringify(product.json)).toBe(200);
    const clientId = readFileSync(path.join(dataDir, 'storefront-client-id.txt'), 'utf8').trim();
    const visitor = await call('POST', '/oauth2/token', undefined, { clientId, grantType: 'anonymous' });
    const token = visitor.json.access_token as string;
    await call('POST', '/ecom/v1/carts/current/add-to-cart', token, {
      lineItems: [lineItem(product.json.product.id)],
    });
    const { checkoutId } = (await call('POST', '/ecom/v1/carts/current/create-checkout', token, {})).json;
    await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, token, {
      checkout: { buyerInfo: { email: 'drain@example.com' } },
    });

    // Stripe takes its time over the confirmation; the stop signal comes while the order waits for it.
    stripe.slowNextReply((p) => p.endsWith('/confirm'), 1500);
    const ordering = call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, token, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentMethodId: 'pm_card_visa' } },
    });
    await eventually('Stripe was asked to confirm', async () =>
      stripe.requests.some((r) => r.path.endsWith('/confirm')),
    );
    const exited = server.stop();
    const ordered = await ordering;
    expect(ordered.status, JSON.stringify(ordered.json)).toBe(200);
    expect(await exited, server.output()).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    // The order's events were committed after the stop signal, and went out before the exit.
    const delivered = receiver.received.map((request) => [request.json.type, request.json.entityId]);
    expect(delivered).toContainEqual(['ecom.order.created', ordered.json.orderId]);
    expect(healthcheck({ PORT: new URL(server.url).port }).status).toBe(1);
  }, 60_000);
});
