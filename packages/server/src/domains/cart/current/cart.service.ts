import type { DbOrTx, Tx } from '../../../db/client.js';
import { pooledDb } from '../../../db/statements.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { ResolvedCatalogItem } from '../../catalog/index.js';
import type {
  AddressWithContact,
  CustomLineData,
  PricingEnv,
  StoredLine,
  StoredMerchantDiscount,
} from '../../pricing/index.js';
import {
  type CatalogLineRequest,
  checkDiscountedLines,
  checkLineCount,
  mergeCatalogItems,
  removeLines,
  setQuantities,
} from '../../pricing/index.js';
import { findUsableCoupon } from '../../store-setup/index.js';
import type { CartMemo } from '../cart-memo.cache.js';
import type { CartOwner } from '../cart-owner.types.js';
import {
  type CartChanges,
  type CartRow,
  cartNotFound,
  deleteCartRow,
  lockCart,
  lockOrCreateCart,
  readCart,
  saveCart,
} from '../cart-rows.service.js';
import type { CartContext } from '../cart-view.service.js';
import { type CartView, resolveLines, viewLines, viewOf } from '../cart-view.service.js';
import { checkAvailability, withSnapshots } from './cart-line-checks.service.js';
import { newCartRow } from './cart-optimistic.service.js';
import { changeWithoutLock, saveLinesWithoutLock } from './cart-unlocked.service.js';

export async function getCurrentCart(
  db: DbOrTx,
  memo: CartMemo,
  env: PricingEnv,
  owner: CartOwner,
  now: Date,
): Promise<CartView | undefined> {
  const row = await readCart(db, owner);
  const pool = pooledDb(db);
  if (pool) {
    if (row) memo.remember(row);
    else memo.forget(owner.key);
  }
  if (!row) return undefined;
  const items = await resolveLines(db, env, row.lines, []);
  return viewOf(db, env, row, viewLines(env, row.lines, items.byKey), now);
}

export interface AddToCartInput {
  lineItems: CatalogLineRequest[];
}

/**
 * Adds catalog items to the owner's cart (creating it on the first add). The same product, variant and
 * plan merges into its line. First optimistically (no lock: compute from the cart as this process last
 * saw it or as read now, write if unchanged — ADR 021, ADR 022); when concurrent changes win that race,
 * under the cart row's lock, so concurrent adds queue and none is lost. The catalog is read once for the
 * new items and the existing lines together (or not at all, when this process has its records).
 */
export async function addToCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  input: AddToCartInput,
  ctx: CartContext,
): Promise<CartView> {
  const pool = pooledDb(db);
  if (pool) {
    const requests = input.lineItems;
    const saved = await changeWithoutLock(
      pool,
      ctx.memo,
      owner,
      async (read) => {
        const resolved = await resolveLines(pool, ctx.env, read.lines, requests);
        const { lines, touched } = mergeCatalogItems(read.lines, requests, resolved.requested, 'lineItems');
        return saveLinesWithoutLock(pool, read, lines, resolved.byKey, touched, ctx);
      },
      () => newCartRow(owner, ctx.now),
    );
    if (saved) return viewOf(pool, ctx.env, saved.row, saved.views, ctx.now);
  }
  return remembered(
    db,
    ctx.memo,
    db.transaction(async (tx) => {
      const { row, created } = await lockOrCreateCart(tx, owner);
      return applyLineItems(tx, row, created, {}, input.lineItems, ctx);
    }),
  );
}

/**
 * A change of existing lines (quantities, removals) without a lock, like the add: undefined when it
 * lost to concurrent changes twice and must take the lock, or when `db` is a transaction.
 */
async function linesWithoutLock(
  db: DbOrTx,
  owner: CartOwner,
  ctx: CartContext,
  change: (read: CartRow) => { lines: StoredLine[]; touched: string[] },
): Promise<CartView | undefined> {
  const pool = pooledDb(db);
  if (!pool) return undefined;
  const saved = await changeWithoutLock(pool, ctx.memo, owner, async (read) => {
    const { lines, touched } = change(read);
    const resolved = await resolveLines(pool, ctx.env, lines, []);
    return saveLinesWithoutLock(pool, read, lines, resolved.byKey, touched, ctx);
  });
  return saved && viewOf(pool, ctx.env, saved.row, saved.views, ctx.now);
}

/** Keeps the row a locked change saved as this owner's most recent cart (for the next add). */
async function remembered(db: DbOrTx, memo: CartMemo, change: Promise<CartView>): Promise<CartView> {
  const view = await change;
  if (pooledDb(db)) memo.remember(view.row);
  return view;
}

export interface UpdateCartInput {
  buyerNote?: string;
  contactInfo?: AddressWithContact;
  selectedShippingCode?: string;
  overrideCheckoutUrl?: string;
  couponCode?: string;
  lineItems?: CatalogLineRequest[];
  /** Merchant and app keys only (the routes refuse them for shoppers). */
  customLines?: { id?: string; quantity: number; data: CustomLineData }[];
  merchantDiscounts?: StoredMerchantDiscount[];
}

/** Updates cart info, applies a coupon (checked now) and/or adds lines; creates the cart if needed. */
export function updateCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  input: UpdateCartInput,
  ctx: CartContext,
): Promise<CartView> {
  return remembered(
    db,
    ctx.memo,
    db.transaction(async (tx) => {
      const { row, created } = await lockOrCreateCart(tx, owner);
      return updateLockedCart(tx, row, created, input, ctx);
    }),
  );
}

/** Applies an update to a cart this transaction has locked (the current cart's or one named by id). */
export async function updateLockedCart(
  tx: Tx,
  row: CartRow,
  created: boolean,
  input: UpdateCartInput,
  ctx: CartContext,
): Promise<CartView> {
  const changes: CartChanges = {};
  if (input.buyerNote !== undefined) changes.buyerNote = input.buyerNote;
  if (input.contactInfo !== undefined) changes.contactInfo = input.contactInfo;
  if (input.selectedShippingCode !== undefined) changes.selectedShippingCode = input.selectedShippingCode;
  if (input.overrideCheckoutUrl !== undefined) changes.overrideCheckoutUrl = input.overrideCheckoutUrl;
  if (input.merchantDiscounts !== undefined) changes.merchantDiscounts = input.merchantDiscounts;
  if (input.couponCode !== undefined) {
    changes.couponId = (await findUsableCoupon(tx, input.couponCode, ctx.now)).id;
  }
  const custom = (input.customLines ?? []).map(
    (line): StoredLine => ({ id: line.id ?? uuidv7(), quantity: line.quantity, custom: line.data }),
  );
  return applyLineItems(tx, row, created, changes, input.lineItems ?? [], ctx, custom);
}

export async function updateLineItemsQuantity(
  db: DbOrTx,
  owner: CartOwner,
  updates: { id: string; quantity: number }[],
  ctx: CartContext,
): Promise<CartView> {
  const unlocked = await linesWithoutLock(db, owner, ctx, (read) => ({
    lines: setQuantities(read.lines, updates),
    touched: updates.map((update) => update.id),
  }));
  if (unlocked) return unlocked;
  return remembered(
    db,
    ctx.memo,
    db.transaction(async (tx) => {
      const row = await lockCart(tx, owner);
      const lines = setQuantities(row.lines, updates);
      return saveLines(
        tx,
        row,
        lines,
        {},
        updates.map((u) => u.id),
        ctx,
      );
    }),
  );
}

export async function removeLineItems(
  db: DbOrTx,
  owner: CartOwner,
  ids: string[],
  ctx: CartContext,
): Promise<CartView> {
  const unlocked = await linesWithoutLock(db, owner, ctx, (read) => ({
    lines: removeLines(read.lines, ids),
    touched: [],
  }));
  if (unlocked) return unlocked;
  return remembered(
    db,
    ctx.memo,
    db.transaction(async (tx) => {
      const row = await lockCart(tx, owner);
      return saveLines(tx, row, removeLines(row.lines, ids), {}, [], ctx);
    }),
  );
}

export function removeCoupon(db: DbOrTx, owner: CartOwner, ctx: CartContext): Promise<CartView> {
  return remembered(
    db,
    ctx.memo,
    db.transaction(async (tx) => {
      const row = await lockCart(tx, owner);
      return saveLines(tx, row, row.lines, { couponId: null }, [], ctx);
    }),
  );
}

/**
 * Deletes the owner's cart; 404 OWNED_CART_NOT_FOUND when there is none, as the platform answers every
 * call on a current cart that does not exist (wire-protocol.md §8.1).
 */
export function deleteCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  ctx: Omit<CartContext, 'env'>,
): Promise<void> {
  const pool = pooledDb(db);
  if (pool) ctx.memo.forget(owner.key);
  return db.transaction(async (tx) => {
    const row = await readCart(tx, owner);
    if (!row) throw cartNotFound();
    await deleteCartRow(tx, row, ctx.actor);
  });
}

// ---------------------------------------------------------------------------------------------------

async function applyLineItems(
  tx: Tx,
  row: CartRow,
  created: boolean,
  changes: CartChanges,
  requests: CatalogLineRequest[],
  ctx: CartContext,
  custom: StoredLine[] = [],
): Promise<CartView> {
  const resolved = await resolveLines(tx, ctx.env, row.lines, requests);
  const merged = mergeCatalogItems(row.lines, requests, resolved.requested, 'lineItems');
  const lines = [...merged.lines, ...custom];
  if (custom.length > 0) checkLineCount(lines, 'customLineItems');
  checkDiscountedLines(
    changes.merchantDiscounts,
    lines.map((line) => line.id),
  );
  return persist(
    tx,
    row,
    created,
    lines,
    changes,
    [...merged.touched, ...custom.map((line) => line.id)],
    resolved.byKey,
    ctx,
  );
}

async function saveLines(
  tx: Tx,
  row: CartRow,
  lines: StoredLine[],
  changes: CartChanges,
  touched: string[],
  ctx: CartContext,
): Promise<CartView> {
  const resolved = await resolveLines(tx, ctx.env, lines, []);
  return persist(tx, row, false, lines, changes, touched, resolved.byKey, ctx);
}

async function persist(
  tx: Tx,
  row: CartRow,
  created: boolean,
  lines: StoredLine[],
  changes: CartChanges,
  touched: string[],
  byKey: Map<string, ResolvedCatalogItem>,
  ctx: CartContext,
): Promise<CartView> {
  const views = viewLines(ctx.env, lines, byKey);
  checkAvailability(views, touched);
  const saved = await saveCart(
    tx,
    row,
    { ...changes, lines: withSnapshots(lines, views) },
    { created, actor: ctx.actor, now: ctx.now },
  );
  return viewOf(tx, ctx.env, saved, views, ctx.now);
}
