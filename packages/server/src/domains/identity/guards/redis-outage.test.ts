import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceHealth } from '../../../lib/service-health.js';
import { testRedisUrl } from '../../../testing/redis.js';
import { startTcpProxy, type TcpProxy } from '../../../testing/tcp-proxy.js';
import { redisRateLimitStore } from './redis-rate-limit-store.adapter.js';

// Issue 35, fault 2: Redis is optional, so its absence must never stop a shopper. Before, a store started
// with Redis unreachable refused every visitor token (500), and Redis cut while running made sign-in answer
// 500 after 9–15 s. Now each operation is counted in this process while Redis is away, at once.
const redisUrl = await testRedisUrl();

describe.runIf(redisUrl !== undefined)('the Redis rate-limit store while Redis is unreachable', () => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    const url = new URL(redisUrl as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 6379) });
  });
  afterAll(() => proxy?.close());

  const prefix = () => `openshelf-test:${randomBytes(6).toString('hex')}:`;
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it('started without Redis: counts in memory at once, says so, and shares again once Redis answers', async () => {
    await proxy.cut();
    const health = new ServiceHealth();
    const shared = prefix();
    const store = redisRateLimitStore(proxy.via(redisUrl as string), { prefix: shared, health });
    const direct = redisRateLimitStore(redisUrl as string, { prefix: shared });
    try {
      // The first operation waits for the first connection attempt (refused at once here), no longer.
      const first = await timed(() => store.record('k', 1000, 60_000));
      expect(first.result.count).toBe(1);
      expect(first.ms).toBeLessThan(2500);
      const second = await timed(() => store.record('k', 1000, 60_000));
      expect(second.result.count).toBe(2);
      expect(second.ms).toBeLessThan(100);
      expect(health.degraded()).toEqual([
        expect.objectContaining({ service: 'redis', meanwhile: expect.stringContaining('per process') }),
      ]);

      await proxy.restore();
      // The client reconnects by itself (at most 2 s apart); then counts go to Redis again.
      const deadline = Date.now() + 10_000;
      while (health.degraded().length > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(health.degraded()).toEqual([]);
      expect((await store.record('shared', 1000, 60_000)).count).toBe(1);
      expect(await direct.get('shared', 1000)).toEqual({ count: 1, lastAt: 1000 });
    } finally {
      await store.close();
      await direct.close();
    }
  });

  it('cut while running: every operation still answers within a second, from memory', async () => {
    await proxy.restore();
    const health = new ServiceHealth();
    const shared = prefix();
    const store = redisRateLimitStore(proxy.via(redisUrl as string), { prefix: shared, health });
    const direct = redisRateLimitStore(redisUrl as string, { prefix: shared });
    try {
      expect((await store.record('k', 1000, 60_000)).count).toBe(1);
      // The count is Redis's: another process (a store straight on Redis) sees it.
      expect(await direct.get('k', 1000)).toEqual({ count: 1, lastAt: 1000 });
      await proxy.cut();
      const during = await timed(async () => {
        await store.record('k', 1000, 60_000);
        await store.take([{ key: 'step', limit: 5, drainMs: 60_000 }], 1000, false);
        await store.level({ key: 'step', drainMs: 60_000 }, 1000);
        return store.get('k', 1000);
      });
      expect(during.ms).toBeLessThan(2000);
      expect(during.result?.count).toBe(1); // counted locally from the cut on
      expect(health.isUp('redis')).toBe(false);
    } finally {
      await proxy.restore();
      await store.close();
      await direct.close();
    }
  });
});
