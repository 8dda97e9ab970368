import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Param, PreparedStatement } from '../../../db/statements.js';

/*
 * Product query plans kept per query (ADR 041). A list that binds no value a plan depends on — the
 * storefront's unfiltered list, in any order and page — compiles to the same statements every time;
 * once made, its plan (the statements, and their text rendered once) is reused as it is. Plans hold no
 * data, so no catalog change drops them; the cache is bounded by entries and by the size of its keys.
 */
export interface PagePlan {
  /** The filter's key in the count memo, and whether it binds values a plan depends on. */
  filterKey: string;
  valued: boolean;
  paging: { limit: number; offset: number };
  /** The page with its capped count beside it. */
  counted: SQL;
  /** The page alone (the total is known). */
  uncounted: SQL;
  countAlone: SQL;
  /** The page statements rendered as named statements, once each. */
  named: { counted?: NamedStatement; uncounted?: NamedStatement };
}

export type NamedStatement = PreparedStatement & { params: Param[] };

export class PagePlans {
  private readonly plans: LRUCache<string, PagePlan>;

  constructor(options: { maxEntries?: number; maxKeyBytes?: number } = {}) {
    this.plans = new LRUCache({
      max: options.maxEntries ?? 500,
      maxSize: options.maxKeyBytes ?? 1_000_000,
      sizeCalculation: (_plan, key) => Math.max(key.length, 1),
    });
  }

  get(key: string): PagePlan | undefined {
    return this.plans.get(key);
  }

  set(key: string, plan: PagePlan): void {
    this.plans.set(key, plan);
  }
}

/** The key of a query's plan: everything the plan is made from, as the client sent it. */
export function planKey(
  shape: string,
  input: { filter?: unknown; sort?: unknown; paging?: unknown; includeHidden: boolean; currency: string },
): string {
  return JSON.stringify([
    shape,
    input.currency,
    input.includeHidden,
    input.filter ?? null,
    input.sort ?? null,
    input.paging ?? null,
  ]);
}
