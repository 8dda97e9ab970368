import type { Db } from '../../db/client.js';
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
const MAX_CARTS = 10_000;
const memoByDb = new WeakMap<Db, Map<string, CartRow>>();

function memoOf(db: Db): Map<string, CartRow> {
  let memo = memoByDb.get(db);
  if (!memo) {
    memo = new Map();
    memoByDb.set(db, memo);
  }
  return memo;
}

export function recentCart(db: Db, owner: CartOwner): CartRow | undefined {
  return memoByDb.get(db)?.get(owner.key);
}

export function rememberCart(db: Db, row: CartRow): void {
  const memo = memoOf(db);
  // Map order doubles as recency order: the owner moves to the end, the oldest is dropped first.
  memo.delete(row.ownerKey);
  memo.set(row.ownerKey, row);
  if (memo.size > MAX_CARTS) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
}

export function forgetCart(db: Db, ownerKey: string): void {
  memoByDb.get(db)?.delete(ownerKey);
}
