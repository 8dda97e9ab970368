import { LRUCache } from 'lru-cache';

/** Failures (or attempts) recorded under one key, and when the latest happened (ms since epoch). */
export interface AttemptRecord {
  count: number;
  lastAt: number;
}

/**
 * One counter of the captcha step-up (sign-in-guard.service.ts): a level that drains by one every `drainMs` and
 * may reach `limit` before attempts need a captcha.
 */
export interface StepCounter {
  key: string;
  limit: number;
  drainMs: number;
}

/** What `take` did: whether the attempt was admitted, and each counter's level afterwards. */
export interface TakeResult {
  admitted: boolean;
  levels: number[];
}

/**
 * Where attempt counters live. In memory by default (one process); in Redis when REDIS_URL is set, so
 * that several API processes share the counters and back-off (ADR 006). Times come from the caller's
 * clock, never the store's, so tests can move time without sleeping.
 */
export interface RateLimitStore {
  get(key: string, now: number): Promise<AttemptRecord | undefined>;
  /** Atomically adds one attempt at `now` and keeps the record for `ttlMs` after it. */
  record(key: string, now: number, ttlMs: number): Promise<AttemptRecord>;
  reset(key: string): Promise<void>;
  /**
   * Atomically over all counters (several processes included): when `force`, or when every counter's
   * drained level plus one stays within its limit, adds one to each and answers admitted; otherwise
   * changes nothing. Parallel attempts therefore get exactly `limit` admissions, never more.
   */
  take(counters: readonly StepCounter[], now: number, force: boolean): Promise<TakeResult>;
  /** Takes one back from a counter (never below zero): an attempt that turned out not to be a failure. */
  give(counter: Omit<StepCounter, 'limit'>, now: number): Promise<void>;
  /** A counter's drained level at `now` (0 when it has none). */
  level(counter: Omit<StepCounter, 'limit'>, now: number): Promise<number>;
  close(): Promise<void>;
}

/** A level after `elapsedMs` of draining one per `drainMs` (a clock that went back drains nothing). */
export function drained(level: number, elapsedMs: number, drainMs: number): number {
  return Math.max(0, level - Math.max(0, elapsedMs) / drainMs);
}

const MAX_MEMORY_KEYS = 100_000;

export function memoryRateLimitStore(): RateLimitStore {
  const entries = new Map<string, AttemptRecord & { expiresAt: number }>();
  // Step-up levels. Each operation below runs without awaiting in between, so it is atomic in-process.
  // Bounded by a count of one per key through `maxSize`, not `max`: with `max` lru-cache allocates room for
  // all 100,000 keys up front, ~20 ms and ~2 MB on every start for a store that usually holds a handful.
  const levels = new LRUCache<string, { level: number; at: number }>({
    maxSize: MAX_MEMORY_KEYS,
    sizeCalculation: () => 1,
  });
  const levelOf = (key: string, drainMs: number, now: number) => {
    const entry = levels.get(key);
    return entry ? drained(entry.level, now - entry.at, drainMs) : 0;
  };
  const setLevel = (key: string, level: number, now: number) => {
    if (level <= 0) levels.delete(key);
    else levels.set(key, { level, at: now });
  };
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key, now) {
      const entry = live(key, now);
      return entry ? { count: entry.count, lastAt: entry.lastAt } : undefined;
    },
    async record(key, now, ttlMs) {
      const entry = live(key, now);
      const next = { count: (entry?.count ?? 0) + 1, lastAt: now, expiresAt: now + ttlMs };
      entries.delete(key);
      if (entries.size >= MAX_MEMORY_KEYS) entries.delete(entries.keys().next().value as string);
      entries.set(key, next);
      return { count: next.count, lastAt: next.lastAt };
    },
    async reset(key) {
      entries.delete(key);
      levels.delete(key);
    },
    async take(counters, now, force) {
      const current = counters.map(({ key, drainMs }) => levelOf(key, drainMs, now));
      const admitted = current.every((level, i) => level + 1 <= (counters[i] as StepCounter).limit);
      if (!admitted && !force) return { admitted: false, levels: current };
      const next = current.map((level) => level + 1);
      counters.forEach(({ key }, i) => {
        setLevel(key, next[i] as number, now);
      });
      return { admitted: true, levels: next };
    },
    async give({ key, drainMs }, now) {
      setLevel(key, levelOf(key, drainMs, now) - 1, now);
    },
    async level({ key, drainMs }, now) {
      return levelOf(key, drainMs, now);
    },
    async close() {
      entries.clear();
      levels.clear();
    },
  };
}

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

export function redisRateLimitStore(url: string, prefix = 'openshelf:rl:'): RateLimitStore {
  // The client library is loaded only when Redis is configured (a start without it never pays for it).
  const client = import('ioredis').then(({ Redis: RedisClient }) => {
    const redis = new RedisClient(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
    // Errors surface on the commands that fail; an idle reconnect must not crash the process.
    redis.on('error', () => {});
    return redis;
  });
  return {
    async get(key) {
      // Expiry is Redis's own (PEXPIRE); `now` only matters to the in-memory store.
      const [count, lastAt] = await (await client).hmget(prefix + key, 'c', 'l');
      return count ? { count: Number(count), lastAt: Number(lastAt ?? 0) } : undefined;
    },
    async record(key, now, ttlMs) {
      const count = await (await client).eval(RECORD_SCRIPT, 1, prefix + key, String(now), String(ttlMs));
      return { count: Number(count), lastAt: now };
    },
    async reset(key) {
      await (await client).del(prefix + key);
    },
    async take(counters, now, force) {
      const args = counters.flatMap(({ limit, drainMs }) => [String(limit), String(drainMs)]);
      const reply = (await (
        await client
      ).eval(
        TAKE_SCRIPT,
        counters.length,
        ...counters.map(({ key }) => prefix + key),
        String(now),
        force ? '1' : '0',
        ...args,
      )) as [number, ...string[]];
      return { admitted: Number(reply[0]) === 1, levels: reply.slice(1).map(Number) };
    },
    async give({ key, drainMs }, now) {
      await (await client).eval(GIVE_SCRIPT, 1, prefix + key, String(now), String(drainMs));
    },
    async level({ key, drainMs }, now) {
      const [level, at] = await (await client).hmget(prefix + key, 'v', 't');
      return level ? drained(Number(level), now - Number(at ?? now), drainMs) : 0;
    },
    async close() {
      (await client).disconnect();
    },
  };
}
