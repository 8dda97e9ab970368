import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { POLICIES } from '../guards/rate-limit.service.js';

let t: TestApp;
let now = new Date('2030-01-01T10:00:00.000Z');
let clientId: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ clientId } = await createClient(t, await merchantKey(t.database)));
});
afterAll(() => t.close());

const mint = (ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: { clientId, grantType: 'anonymous' },
    remoteAddress: ip,
  });

describe('visitor tokens (anonymous grant) per IP', () => {
  it('allows a generous burst per address, then asks to wait (429); other addresses are unaffected', async () => {
    const { freeAttempts } = POLICIES['anonymous-token:ip'];
    for (let index = 0; index < freeAttempts; index++) {
      const reply = await mint('203.0.113.7');
      if (reply.statusCode !== 200) throw new Error(`mint ${index}: ${reply.statusCode} ${reply.body}`);
    }
    const refused = await mint('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.applicationError).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { retryAfterSeconds: 1 },
    });
    expect(refused.headers['retry-after']).toBe('1');
    expect((await mint('198.51.100.4')).statusCode).toBe(200);
    // A quiet minute later the address starts afresh.
    now = new Date(now.getTime() + 61_000);
    expect((await mint('203.0.113.7')).statusCode).toBe(200);
  });

  it('follows VISITOR_TOKENS_PER_IP (0: no limit) and sees shoppers behind a trusted proxy (TRUST_PROXY)', async () => {
    const tuned = await createTestApp({ env: { VISITOR_TOKENS_PER_IP: '2', TRUST_PROXY: '1' } });
    const off = await createTestApp({ env: { VISITOR_TOKENS_PER_IP: '0' } });
    try {
      const mintOn = async (app: TestApp, forwardedFor: string) => {
        const { clientId: id } = await createClient(app, await merchantKey(app.database));
        return () =>
          app.app.inject({
            method: 'POST',
            url: '/oauth2/token',
            payload: { clientId: id, grantType: 'anonymous' },
            remoteAddress: '10.0.0.1', // the load balancer
            headers: { 'x-forwarded-for': forwardedFor },
          });
      };
      const shopperA = await mintOn(tuned, '203.0.113.7');
      const shopperB = await mintOn(tuned, '198.51.100.4');
      expect([(await shopperA()).statusCode, (await shopperA()).statusCode]).toEqual([200, 200]);
      expect((await shopperA()).statusCode).toBe(429);
      // Same proxy, another shopper: counted on its own address.
      expect((await shopperB()).statusCode).toBe(200);

      // One past the default's free burst: the default would refuse it.
      const unlimited = await mintOn(off, '203.0.113.7');
      const { freeAttempts } = POLICIES['anonymous-token:ip'];
      for (let index = 0; index <= freeAttempts; index++) expect((await unlimited()).statusCode).toBe(200);
    } finally {
      await tuned.close();
      await off.close();
    }
    // Two more apps on fresh databases and ~125 token grants: slow on a loaded machine, not wrong.
  }, 120_000);

  it('the scheduled identity prune deletes what has expired', async () => {
    // Sessions of the visitors above expire (refresh tokens live 90 days); a month after that they go.
    now = new Date(now.getTime() + 200 * 86_400_000);
    const pruned = await t.app.jobs.identityPrune.runOnce();
    expect(pruned.sessions).toBeGreaterThanOrEqual(POLICIES['anonymous-token:ip'].freeAttempts);
    expect((await t.app.jobs.identityPrune.runOnce()).sessions).toBe(0);
  });
});
