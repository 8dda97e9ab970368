import { VersionedCache } from '../../../lib/versioned-cache.js';

/*
 * Totals of public product queries, kept per filter (ADR 020). Counting the matches of a filter costs
 * far more than the page itself on a large catalog, and every page, sort and visitor of one filter
 * shares the same total: it is counted once and reused until the catalog changes. Invalidated exactly
 * like the public read cache (a version bumped by every catalog change, local or NOTIFY'd), so a total
 * is never served after a write it does not include.
 */
export class CountMemo {
  private readonly entries: VersionedCache<number>;

  constructor(options: { ttlMs: number; maxEntries?: number }) {
    this.entries = new VersionedCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries ?? 5000 });
  }

  /** Read before counting; pass to `set` so a count that raced a write is dropped. */
  get version(): number {
    return this.entries.version;
  }

  invalidate(): void {
    this.entries.invalidate();
  }

  get(key: string): number | undefined {
    return this.entries.get(key);
  }

  set(key: string, total: number, version: number): void {
    this.entries.set(key, total, version);
  }

  private readonly running = new Map<string, { version: number; total: Promise<number | undefined> }>();

  /** The total of a count of this filter running now under the current version, if there is one. */
  waitFor(key: string): Promise<number | undefined> | undefined {
    const run = this.running.get(key);
    return run && run.version === this.version ? run.total : undefined;
  }

  /** Marks a count as running; call the result with its total (undefined if it failed) when done. */
  start(key: string): (total: number | undefined) => void {
    const version = this.version;
    let settle: (total: number | undefined) => void = () => {};
    const total = new Promise<number | undefined>((resolve) => {
      settle = resolve;
    });
    this.running.set(key, { version, total });
    return (counted) => {
      if (this.running.get(key)?.total === total) this.running.delete(key);
      if (counted !== undefined) this.set(key, counted, version);
      settle(counted);
    };
  }
}
