import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { ResolvedCatalogItem } from '../../catalog/index.js';
import type { LineView, StoredLine } from '../../pricing/index.js';
import type { CartMemo } from '../cart-memo.cache.js';
import type { CartOwner } from '../cart-owner.types.js';
import { type CartRow, cartNotFound, readCart } from '../cart-rows.service.js';
import type { CartContext } from '../cart-view.service.js';
import { viewLines } from '../cart-view.service.js';
import { checkAvailability, withSnapshots } from './cart-line-checks.service.js';
import { saveLinesIfUnchanged } from './cart-optimistic.service.js';

/*
 * Line changes without a lock (ADR 021, ADR 022): compute the new lines from the cart as read, then
 * write them only if the cart is still that version. Callers fall back to their locking transaction
 * when this returns undefined (a concurrent change won both tries).
 */

/** A cart row as written, with its lines evaluated (what the reply is built from). */
export interface SavedLines {
  row: CartRow;
  views: LineView[];
}

/** A line change computed from `read`; undefined when the conditional write found the cart changed. */
export type UnlockedChange = (read: CartRow) => Promise<SavedLines | undefined>;

/**
 * Runs `change` from the row this process last saw for the owner (cart-memo.cache.ts), then from a fresh
 * read. A remembered row can be stale in any way — lines another process added or removed, other
 * quantities — so a refusal computed from it (an unknown line, not enough stock) is tried again from
 * the fresh read. Nothing else is retried: an error at the write may come after its commit.
 * With no cart, `create` gives the row a first add starts from; without it the cart must exist (404).
 */
export async function changeWithoutLock(
  db: Db,
  memo: CartMemo,
  owner: CartOwner,
  change: UnlockedChange,
  create?: () => CartRow,
): Promise<SavedLines | undefined> {
  const recent = memo.recent(owner);
  if (recent) {
    try {
      const saved = await change(recent);
      if (saved) return saved;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      memo.forget(owner.key);
    }
  }
  const fresh = (await readCart(db, owner)) ?? create?.();
  if (!fresh) throw cartNotFound();
  return change(fresh);
}

/** Checks the lines a buyer touched, then writes `lines` if the cart is still the version read. */
export async function saveLinesWithoutLock(
  db: Db,
  read: CartRow,
  lines: StoredLine[],
  byKey: Map<string, ResolvedCatalogItem>,
  touched: readonly string[],
  ctx: CartContext,
): Promise<SavedLines | undefined> {
  const views = viewLines(ctx.env, lines, byKey);
  checkAvailability(views, touched);
  const saved = await saveLinesIfUnchanged(db, read, withSnapshots(lines, views), ctx);
  if (!saved) {
    ctx.memo.forget(read.ownerKey);
    return undefined;
  }
  ctx.memo.remember(saved);
  return { row: saved, views };
}
