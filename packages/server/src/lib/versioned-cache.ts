import { LRUCache } from 'lru-cache';

/*
 * An in-process memo invalidated by a version: anything that changes the underlying data bumps it, and
 * every older entry is dead. A value is kept only under the version that was current when its read
 * started, so a read that raced a write is never kept (ADR 012). Entries also expire after `ttlMs`, a
 * safety net should an invalidation never arrive, and at most `maxEntries` are kept (least recently used first out).
 */
export class VersionedCache<V> {
  #version = 0;
  readonly #entries: LRUCache<string, { value: V; version: number; expiresAt: number }>;

  constructor(private readonly options: { ttlMs: number; maxEntries?: number }) {
    this.#entries = new LRUCache({ max: options.maxEntries ?? 10_000 });
  }

  /** Read before the database read; pass to `set`. */
  get version(): number {
    return this.#version;
  }

  invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.#version || entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` if nothing changed since `version` was read. */
  set(key: string, value: V, version: number, now = Date.now()): void {
    if (version !== this.#version) return;
    this.#entries.set(key, { value, version, expiresAt: now + this.options.ttlMs });
  }
}
