import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { perOwner } from '../../lib/per-owner.js';
import type { CartOwner } from './cart-owner.js';
import type { CartRow } from './cart-store.js';

/*
 * The last cart row this process read or wrote per owner (ADR 022), so a shopper's next add can skip
 * reading it again. Safe because it is only ever the starting point of the optimistic write, which
 * lands only if the row's version is still the one remembered (ADR 021): every change to a cart bumps
 * its version, deleting it removes the row, so a remembered row that another request or process has
 * since changed makes the write do nothing and the add falls back to the locking path, which reads
 * afresh. Replies are built only from a row whose write succeeded, never from the memo alone.
 */
const memoOf = perOwner<Db, LRUCache<string, CartRow>>(() => new LRUCache({ max: 10_000 }));

export function recentCart(db: Db, owner: CartOwner): CartRow | undefined {
  return memoOf(db).get(owner.key);
}

export function rememberCart(db: Db, row: CartRow): void {
  memoOf(db).set(row.ownerKey, row);
}

export function forgetCart(db: Db, ownerKey: string): void {
  memoOf(db).delete(ownerKey);
}
