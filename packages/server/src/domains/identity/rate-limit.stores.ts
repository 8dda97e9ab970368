import { Redis } from 'ioredis';

/** Failures (or attempts) recorded under one key, and when the latest happened (ms since epoch). */
export interface AttemptRecord {
  count: number;
  lastAt: number;
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
  close(): Promise<void>;
}

const MAX_MEMORY_KEYS = 100_000;

export function memoryRateLimitStore(): RateLimitStore {
  const entries = new Map<string, AttemptRecord & { expiresAt: number }>();
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
    },
    async close() {
      entries.clear();
    },
  };
}

// One round trip, atomic across processes: count + 1, remember the time, extend the expiry.
const RECORD_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
redis.call('HSET', KEYS[1], 'l', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return count`;

export function redisRateLimitStore(url: string, prefix = 'openshelf:rl:'): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Errors surface on the commands that fail; an idle reconnect must not crash the process.
  redis.on('error', () => {});
  return {
    async get(key) {
      // Expiry is Redis's own (PEXPIRE); `now` only matters to the in-memory store.
      const [count, lastAt] = await redis.hmget(prefix + key, 'c', 'l');
      return count ? { count: Number(count), lastAt: Number(lastAt ?? 0) } : undefined;
    },
    async record(key, now, ttlMs) {
      const count = await redis.eval(RECORD_SCRIPT, 1, prefix + key, String(now), String(ttlMs));
      return { count: Number(count), lastAt: now };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
