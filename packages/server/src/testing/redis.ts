import { Redis } from 'ioredis';

/**
 * The Redis for suites that need one: TEST_REDIS_URL or the local default. Returns undefined (after a
 * loud banner) when it is unreachable on a developer machine; in CI (CI=true) its absence is a failure.
 */
export async function testRedisUrl(): Promise<string | undefined> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  let up = false;
  try {
    await probe.connect();
    up = (await probe.ping()) === 'PONG';
  } catch {
    up = false;
  } finally {
    probe.disconnect();
  }
  if (up) return url;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`CI needs Redis at ${url} (set TEST_REDIS_URL) for the shared rate-limit tests.`);
  }
  console.warn(`\n!!! SKIPPING the Redis tests: no Redis at ${url}. Start one or set TEST_REDIS_URL.\n`);
  return undefined;
}
