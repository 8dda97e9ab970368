import { LRUCache } from 'lru-cache';
import type { CartOwner } from './cart-owner.types.js';
import type { CartRow } from './cart-rows.service.js';

/*
 * The last cart row this app read or wrote per owner (ADR 022), so a shopper's next add can skip
 * reading it again. Safe because it is only ever the starting point of the optimistic write, which
 * lands only if the row's version is still the one remembered (ADR 021): every change to a cart bumps
 * its version, deleting it removes the row, so a remembered row that another request or process has
 * since changed makes the write do nothing and the add falls back to the locking path, which reads
 * afresh. Replies are built only from a row whose write succeeded, never from the memo alone.
 *
 * One per app (app.ts puts it in the AppContext, the cart routes hand it to the services in the
 * CartContext), for rows read or written on the app's pooled handle only: a transaction never uses it.
 */
export class CartMemo {
  readonly #rows: LRUCache<string, CartRow>;

  constructor(options: { max?: number } = {}) {
    this.#rows = new LRUCache({ max: options.max ?? 10_000 });
  }

  recent(owner: CartOwner): CartRow | undefined {
    return this.#rows.get(owner.key);
  }

  remember(row: CartRow): void {
    this.#rows.set(row.ownerKey, row);
  }

  forget(ownerKey: string): void {
    this.#rows.delete(ownerKey);
  }
}
