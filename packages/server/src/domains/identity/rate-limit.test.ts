import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../testing/identity.js';
import { createTestApp, type TestApp } from '../../testing/index.js';
import { testRedisUrl } from '../../testing/redis.js';
import { backoffSeconds, POLICIES, RateLimiter } from './rate-limit.js';
import { memoryRateLimitStore, redisRateLimitStore } from './rate-limit.stores.js';

let now = new Date('2030-05-01T08:00:00.000Z');
const clock = () => now;
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

function loginFrom(t: TestApp, ip: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/_api/iam/authentication/v2/login',
    payload: { loginId: { email }, password },
    remoteAddress: ip,
  });
}

async function registered(t: TestApp): Promise<string> {
  const email = uniqueEmail('victim');
  const reply = await post(t, '/_api/iam/authentication/v2/register', {
    loginId: { email },
    password: 'the real one',
  });
  expect(reply.json().state).toBe('SUCCESS');
  return email;
}

describe('login back-off (memory store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  });
  afterAll(() => t.close());

  it('refuses attempt 6 until a second has passed, then doubles the wait; brute force is slowed, not just logged', async () => {
    const email = await registered(t);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await loginFrom(t, ip, email, `guess-${i}`)).statusCode).toBe(401);
    const refused = await loginFrom(t, ip, email, 'the real one');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().details.applicationError).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { retryAfterSeconds: 1 },
    });
    expect(refused.json().details.applicationError.description).toMatch(/Wait 1 second/);
    advance(1);
    expect((await loginFrom(t, ip, email, 'guess-6')).statusCode).toBe(401);
    expect((await loginFrom(t, ip, email, 'guess-7')).headers['retry-after']).toBe('2');

    // An attacker trying once a second for two minutes gets through only a handful of times.
    let tried = 0;
    for (let second = 0; second < 120; second++) {
      advance(1);
      if ((await loginFrom(t, ip, email, `guess-${second}`)).statusCode !== 429) tried++;
    }
    expect(tried).toBeLessThanOrEqual(6);
    expect(tried).toBeGreaterThanOrEqual(4);

    // Once the wait is over, the right password works and clears the account's counter.
    advance(POLICIES['login:account'].maxDelaySeconds);
    expect((await loginFrom(t, ip, email, 'the real one')).json().state).toBe('SUCCESS');
    expect((await loginFrom(t, ip, email, 'oops')).statusCode).toBe(401);
  });

  it('also backs off one address trying many accounts', async () => {
    const ip = randomIp();
    const free = POLICIES['login:ip'].freeAttempts;
    for (let i = 0; i < free; i++)
      expect((await loginFrom(t, ip, uniqueEmail('spray'), 'password1')).statusCode).toBe(401);
    expect((await loginFrom(t, ip, uniqueEmail('spray'), 'password1')).statusCode).toBe(429);
    expect((await loginFrom(t, randomIp(), uniqueEmail('spray'), 'password1')).statusCode).toBe(401);
  });

  it('computes 2^(failures - free) seconds, capped', () => {
    const policy = { freeAttempts: 5, maxDelaySeconds: 60, windowSeconds: 3600 };
    expect([4, 5, 6, 7, 8, 20].map((count) => backoffSeconds(policy, count))).toEqual([0, 1, 2, 4, 8, 60]);
  });
});

// Redis: required in CI, skipped loudly elsewhere when unreachable.
const redisUrl = (await testRedisUrl()) as string;
const redisUp = redisUrl !== undefined;

describe.runIf(redisUp)('Redis store (shared by several API processes)', () => {
  it('counts atomically under concurrency and expires', async () => {
    const store = redisRateLimitStore(redisUrl, `openshelf-test:${randomBytes(6).toString('hex')}:`);
    try {
      const records = await Promise.all(Array.from({ length: 50 }, () => store.record('k', 1000, 60_000)));
      expect(records.map((record) => record.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect(await store.get('k', 1000)).toEqual({ count: 50, lastAt: 1000 });
      await store.reset('k');
      expect(await store.get('k', 1000)).toBeUndefined();
      await store.record('short', 1000, 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.get('short', 1000)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('makes two app instances share one back-off', async () => {
    const env = { REQUIRE_EMAIL_VERIFICATION: 'false', REDIS_URL: redisUrl };
    const a = await createTestApp({ clock, env });
    const b = await createTestApp({ clock, env });
    try {
      const email = await registered(a);
      const ip = randomIp();
      for (let i = 0; i < 3; i++) expect((await loginFrom(a, ip, email, `guess-${i}`)).statusCode).toBe(401);
      for (let i = 3; i < 5; i++) expect((await loginFrom(b, ip, email, `guess-${i}`)).statusCode).toBe(401);
      // The account lives in a's database; b only sees the shared counter, and refuses before looking.
      expect((await loginFrom(b, ip, email, 'the real one')).statusCode).toBe(429);
      expect((await loginFrom(a, ip, email, 'the real one')).statusCode).toBe(429);
      advance(1);
      expect((await loginFrom(a, ip, email, 'the real one')).json().state).toBe('SUCCESS');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('works through the limiter with the injected clock', async () => {
    const store = redisRateLimitStore(redisUrl, `openshelf-test:${randomBytes(6).toString('hex')}:`);
    const limiter = new RateLimiter(store, clock);
    try {
      const keys = [{ policy: 'staff-login:account' as const, key: 'someone' }];
      for (let i = 0; i < 5; i++) await limiter.fail(keys);
      await expect(limiter.check(keys)).rejects.toMatchObject({ status: 429 });
      advance(1);
      await expect(limiter.check(keys)).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('memory store', () => {
  it('forgets a key after its window (by the injected time)', async () => {
    const store = memoryRateLimitStore();
    await store.record('k', 0, 1000);
    expect(await store.get('k', 999)).toEqual({ count: 1, lastAt: 0 });
    expect(await store.get('k', 1000)).toBeUndefined();
  });
});
