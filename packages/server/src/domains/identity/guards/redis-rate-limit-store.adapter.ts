import type { Redis } from 'ioredis';
import type { ServiceHealth } from '../../../lib/service-health.js';
import {
  drained,
  memoryRateLimitStore,
  type RateLimitStore,
  type StepCounter,
  type TakeResult,
} from './rate-limit-stores.adapter.js';

// One round trip, atomic across processes: count + 1, remember the time, extend the expiry.
const RECORD_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
redis.call('HSET', KEYS[1], 'l', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return count`;

// The step-up's take: drained levels of every key (fields v = level, t = when it was last set); when all
// stay within their limits (or ARGV[2] forces it) each goes up by one and expires once drained to zero.
// ARGV: now, force, then limit and drain time per key. Answers admitted (1/0) and the levels as strings
// (Redis would truncate Lua numbers to integers).
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local admitted = 1
local levels = {}
for i, key in ipairs(KEYS) do
  local drain = tonumber(ARGV[2 * i + 2])
  local stored = redis.call('HMGET', key, 'v', 't')
  local level = 0
  if stored[1] then
    level = math.max(0, tonumber(stored[1]) - math.max(0, now - tonumber(stored[2])) / drain)
  end
  levels[i] = level
  if level + 1 > tonumber(ARGV[2 * i + 1]) then admitted = 0 end
end
if admitted == 1 or ARGV[2] == '1' then
  for i, key in ipairs(KEYS) do
    local drain = tonumber(ARGV[2 * i + 2])
    levels[i] = levels[i] + 1
    redis.call('HSET', key, 'v', tostring(levels[i]), 't', ARGV[1])
    redis.call('PEXPIRE', key, tostring(math.ceil(levels[i] * drain)))
  end
  admitted = 1
end
local reply = { admitted }
for i = 1, #levels do reply[i + 1] = tostring(levels[i]) end
return reply`;

// The step-up's give: one less, drained first; the key goes when nothing is left. ARGV: now, drain time.
const GIVE_SCRIPT = `
local now = tonumber(ARGV[1])
local drain = tonumber(ARGV[2])
local stored = redis.call('HMGET', KEYS[1], 'v', 't')
if not stored[1] then return 0 end
local level = math.max(0, tonumber(stored[1]) - math.max(0, now - tonumber(stored[2])) / drain) - 1
if level <= 0 then
  redis.call('DEL', KEYS[1])
  return 0
end
redis.call('HSET', KEYS[1], 'v', tostring(level), 't', ARGV[1])
redis.call('PEXPIRE', KEYS[1], tostring(math.ceil(level * drain)))
return 1`;

/** How long a command may take before the store counts in memory instead (Redis is on the request path). */
const COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;
const MEANWHILE = 'rate limits and sign-in counts are kept per process until it answers';

export interface RedisRateLimitStoreOptions {
  prefix?: string;
  /** Told when Redis stops or starts answering (readiness and the log). */
  health?: ServiceHealth;
}

/**
 * Counters in Redis, shared by every process of the store (ADR 006). Redis is optional, so it must never
 * stop a shopper: while it is unreachable — not connected yet, reconnecting, or a command failing or
 * slower than `COMMAND_TIMEOUT_MS` — each operation is answered by this process's own in-memory store,
 * as a store without REDIS_URL is, and the health registry says so once. Commands are not queued while
 * disconnected (they would wait for the reconnect); the client keeps reconnecting in the background.
 */
export function redisRateLimitStore(url: string, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? 'openshelf:rl:';
  const { health } = options;
  const local = memoryRateLimitStore();
  // The client library is loaded only when Redis is configured (a start without it never pays for it).
  const client = import('ioredis').then(({ Redis: RedisClient }) => {
    const redis = new RedisClient(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Keep trying, a little less often the longer it is down (at most every 2 s).
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Errors surface on the commands that fail; a failed reconnect must not crash the process.
    redis.on('error', (error: Error) => health?.down('redis', error, MEANWHILE));
    redis.on('ready', () => health?.up('redis'));
    redis.on('end', () => health?.down('redis', new Error('connection closed'), MEANWHILE));
    return redis;
  });
  // The first operations wait for the first connection attempt to end (at most its timeout), so a store
  // that has just started shares its counters from the first request; after that, an operation finding
  // Redis not ready is answered locally at once.
  const firstAttempt = client.then(
    (redis) =>
      new Promise<Redis>((resolve) => {
        const settle = () => resolve(redis);
        if (redis.status === 'ready') return settle();
        redis.once('ready', settle);
        redis.once('error', settle);
        setTimeout(settle, CONNECT_TIMEOUT_MS + 100).unref();
      }),
  );
  let connected: Redis | undefined;
  void firstAttempt.then((redis) => (connected = redis));

  /** Runs `shared` on Redis when it is ready, else (or when it fails) `fallback` in this process. */
  async function either<T>(shared: (redis: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    const redis = connected ?? (await firstAttempt);
    if (redis.status !== 'ready') return fallback();
    try {
      const result = await shared(redis);
      // A command that timed out while the connection stayed up marked it down: it answers again.
      health?.up('redis');
      return result;
    } catch (error) {
      health?.down('redis', error, MEANWHILE);
      return fallback();
    }
  }

  return {
    get: (key, now) =>
      // Expiry is Redis's own (PEXPIRE); `now` only matters to the in-memory store.
      either(
        async (r) => {
          const [count, lastAt] = await r.hmget(prefix + key, 'c', 'l');
          return count ? { count: Number(count), lastAt: Number(lastAt ?? 0) } : undefined;
        },
        () => local.get(key, now),
      ),
    record: (key, now, ttlMs) =>
      either(
        async (r) => {
          const count = await r.eval(RECORD_SCRIPT, 1, prefix + key, String(now), String(ttlMs));
          return { count: Number(count), lastAt: now };
        },
        () => local.record(key, now, ttlMs),
      ),
    reset: async (key) => {
      // Both: a counter may have been kept locally while Redis was away.
      await local.reset(key);
      await either(
        async (r) => void (await r.del(prefix + key)),
        async () => {},
      );
    },
    take: (counters: readonly StepCounter[], now, force): Promise<TakeResult> =>
      either(
        async (r) => {
          const args = counters.flatMap(({ limit, drainMs }) => [String(limit), String(drainMs)]);
          const reply = (await r.eval(
            TAKE_SCRIPT,
            counters.length,
            ...counters.map(({ key }) => prefix + key),
            String(now),
            force ? '1' : '0',
            ...args,
          )) as [number, ...string[]];
          return { admitted: Number(reply[0]) === 1, levels: reply.slice(1).map(Number) };
        },
        () => local.take(counters, now, force),
      ),
    give: (counter, now) =>
      either(
        async (r) =>
          void (await r.eval(GIVE_SCRIPT, 1, prefix + counter.key, String(now), String(counter.drainMs))),
        () => local.give(counter, now),
      ),
    level: (counter, now) =>
      either(
        async (r) => {
          const [level, at] = await r.hmget(prefix + counter.key, 'v', 't');
          return level ? drained(Number(level), now - Number(at ?? now), counter.drainMs) : 0;
        },
        () => local.level(counter, now),
      ),
    async close() {
      (await client).disconnect();
      await local.close();
    },
  };
}
