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
