import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { testRedisUrl } from '../../../testing/redis.js';
import { backoffSeconds, POLICIES, RateLimiter } from './rate-limit.service.js';
import { memoryRateLimitStore, type RateLimitStore } from './rate-limit-stores.adapter.js';
import { redisRateLimitStore } from './redis-rate-limit-store.adapter.js';

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

describe('login back-off per address (memory store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  });
  afterAll(() => t.close());

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
    const store = redisRateLimitStore(redisUrl, {
      prefix: `openshelf-test:${randomBytes(6).toString('hex')}:`,
    });
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

  it('makes two app instances share one step-up count: 50 parallel guesses across both, 5 checked', async () => {
    // Both apps share one Redis namespace, fresh for this run (the test clock is fixed, so old keys would count).
    const env = {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `openshelf-test-${randomBytes(6).toString('hex')}:`,
    };
    const a = await createTestApp({ clock, env });
    const b = await createTestApp({ clock, env });
    try {
      const email = await registered(a);
      const ip = randomIp();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => loginFrom(i % 2 ? a : b, ip, email, `guess-${i}`)),
      );
      const codes = replies.map((reply) => reply.json().details.applicationError.code);
      expect(codes.filter((code) => code === '-19976')).toHaveLength(5);
      expect(codes.filter((code) => code === '-19971')).toHaveLength(45);
      // The account lives in a's database; b only sees the shared count, and asks before looking.
      expect((await loginFrom(b, ip, email, 'the real one')).json().details.applicationError.code).toBe(
        '-19971',
      );
      expect((await loginFrom(a, randomIp(), email, 'the real one')).json().state).toBe('SUCCESS');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('takes atomically within the limits, or by force; gives back; drains by the injected time', async () => {
    const store = redisRateLimitStore(redisUrl, {
      prefix: `openshelf-test:${randomBytes(6).toString('hex')}:`,
    });
    try {
      await expectStepCounting(store);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          store.take([{ key: 'race', limit: 5, drainMs: 60_000 }], 1000, false),
        ),
      );
      expect(results.filter((result) => result.admitted)).toHaveLength(5);
      expect(await store.level({ key: 'race', drainMs: 60_000 }, 1000)).toBe(5);
      // A level expires in Redis once it would have drained to nothing.
      await store.take([{ key: 'short', limit: 5, drainMs: 50 }], 1000, false);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.level({ key: 'short', drainMs: 50 }, 1000)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('works through the limiter with the injected clock', async () => {
    const store = redisRateLimitStore(redisUrl, {
      prefix: `openshelf-test:${randomBytes(6).toString('hex')}:`,
    });
    const limiter = new RateLimiter(store, clock);
    try {
      const keys = [{ policy: 'staff-login:ip' as const, key: '10.0.0.1' }];
      for (let i = 0; i < 20; i++) await limiter.fail(keys);
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

  it('takes within the limits, or by force; gives back; drains by the injected time', async () => {
    await expectStepCounting(memoryRateLimitStore());
  });
});

/** The step-up counters' rules, the same for every store. */
async function expectStepCounting(store: RateLimitStore): Promise<void> {
  const address = { key: 'address', limit: 2, drainMs: 60_000 };
  const account = { key: 'account', limit: 3, drainMs: 60_000 };
  expect(await store.take([address, account], 0, false)).toEqual({ admitted: true, levels: [1, 1] });
  expect(await store.take([address, account], 0, false)).toEqual({ admitted: true, levels: [2, 2] });
  // Either counter full: nothing changes unless forced (a solved captcha), which counts on both.
  expect(await store.take([address, account], 0, false)).toEqual({ admitted: false, levels: [2, 2] });
  expect(await store.take([address, account], 0, true)).toEqual({ admitted: true, levels: [3, 3] });
  expect(await store.take([{ ...address, key: 'other' }, account], 0, false)).toEqual({
    admitted: false,
    levels: [0, 3],
  });
  // One attempt drains every minute: a minute and a half later 1.5 are gone.
  expect(await store.level(account, 90_000)).toBeCloseTo(1.5);
  await store.give(account, 90_000);
  expect(await store.level(account, 90_000)).toBeCloseTo(0.5);
  await store.give(account, 90_000);
  expect(await store.level(account, 90_000)).toBe(0);
  await store.reset(address.key);
  expect(await store.level(address, 0)).toBe(0);
  // A clock that goes back drains nothing (and adds nothing).
  await store.take([{ key: 'back', limit: 5, drainMs: 1000 }], 5000, false);
  expect(await store.level({ key: 'back', drainMs: 1000 }, 4000)).toBe(1);
}
