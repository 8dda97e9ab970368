import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { pooledDb } from '../../db/statements.js';
import { type ResolvedCatalogItem, resolveCatalogItems } from '../catalog/catalog-items.service.js';
import type { AddressWithContact } from '../checkout/lines/address.js';
import { catalogRefOf, viewLine } from '../checkout/lines/evaluate.js';
import type { LineView, StoredLine } from '../checkout/lines/line-types.js';
import { type PricingEnv, priceLines } from '../checkout/pricing.js';
import type { Totals } from '../checkout/totals/types.js';
import type { EventActor } from '../events/events.service.js';
import { type Coupon, findCoupon, findUsableCoupon } from '../store-setup/coupons.service.js';
import { cartPricingSetup } from '../store-setup/pricing-setup.service.js';
import { checkAvailability, withSnapshots } from './cart-line-checks.js';
import {
  type CatalogLineRequest,
  mergeCatalogItems,
  refOfRequest,
  removeLines,
  setQuantities,
} from './cart-lines.js';
import { newCartRow, saveLinesIfUnchanged } from './cart-optimistic.js';
import type { CartOwner } from './cart-owner.js';
import {
  type CartChanges,
  type CartRow,
  deleteCartRow,
  lockCart,
  lockOrCreateCart,
  readCart,
  saveCart,
} from './cart-store.js';

/** A cart as callers see it: its row, its lines evaluated against the catalog now, and its totals. */
export interface CartView {
  row: CartRow;
  lines: LineView[];
  totals: Totals;
  coupon?: Coupon;
}

export interface CartContext {
  env: PricingEnv;
  actor: EventActor;
  now: Date;
}

export async function getCurrentCart(
  db: DbOrTx,
  env: PricingEnv,
  owner: CartOwner,
  now: Date,
): Promise<CartView | undefined> {
  const row = await readCart(db, owner);
  if (!row) return undefined;
  const items = await resolveLines(db, env, row.lines, []);
  return viewOf(db, env, row, viewLines(env, row.lines, items.byKey), now);
}

export interface AddToCartInput {
  lineItems: CatalogLineRequest[];
}

/**
 * Adds catalog items to the owner's cart (creating it on the first add). The same product, variant and
 * plan merges into its line. First optimistically (no lock: read, compute, write if unchanged — ADR
 * 021); when a concurrent change wins that race, under the cart row's lock, so concurrent adds queue and
 * none is lost. The catalog is read once for the new items and the existing lines together.
 */
export async function addToCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  input: AddToCartInput,
  ctx: CartContext,
): Promise<CartView> {
  const pool = pooledDb(db);
  if (pool) {
    const view = await addWithoutLock(pool, owner, input.lineItems, ctx);
    if (view) return view;
  }
  return db.transaction(async (tx) => {
    const { row, created } = await lockOrCreateCart(tx, owner);
    return applyLineItems(tx, row, created, {}, input.lineItems, ctx);
  });
}

/** The optimistic add: undefined when the cart changed between its read and the write. */
async function addWithoutLock(
  db: Db,
  owner: CartOwner,
  requests: CatalogLineRequest[],
  ctx: CartContext,
): Promise<CartView | undefined> {
  const read = (await readCart(db, owner)) ?? newCartRow(owner, ctx.now);
  const resolved = await resolveLines(db, ctx.env, read.lines, requests);
  const { lines, touched } = mergeCatalogItems(read.lines, requests, resolved.requested, 'lineItems');
  const views = viewLines(ctx.env, lines, resolved.byKey);
  checkAvailability(views, touched);
  const saved = await saveLinesIfUnchanged(db, read, withSnapshots(lines, views), ctx);
  return saved ? viewOf(db, ctx.env, saved, views, ctx.now) : undefined;
}

export interface UpdateCartInput {
  buyerNote?: string;
  contactInfo?: AddressWithContact;
  selectedShippingCode?: string;
  overrideCheckoutUrl?: string;
  couponCode?: string;
  lineItems?: CatalogLineRequest[];
}

/** Updates cart info, applies a coupon (checked now) and/or adds lines; creates the cart if needed. */
export function updateCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  input: UpdateCartInput,
  ctx: CartContext,
): Promise<CartView> {
  return db.transaction(async (tx) => {
    const { row, created } = await lockOrCreateCart(tx, owner);
    const changes: CartChanges = {};
    if (input.buyerNote !== undefined) changes.buyerNote = input.buyerNote;
    if (input.contactInfo !== undefined) changes.contactInfo = input.contactInfo;
    if (input.selectedShippingCode !== undefined) changes.selectedShippingCode = input.selectedShippingCode;
    if (input.overrideCheckoutUrl !== undefined) changes.overrideCheckoutUrl = input.overrideCheckoutUrl;
    if (input.couponCode !== undefined && input.couponCode.trim() !== '') {
      changes.couponId = (await findUsableCoupon(tx, input.couponCode, ctx.now)).id;
    }
    return applyLineItems(tx, row, created, changes, input.lineItems ?? [], ctx);
  });
}

export function updateLineItemsQuantity(
  db: DbOrTx,
  owner: CartOwner,
  updates: { id: string; quantity: number }[],
  ctx: CartContext,
): Promise<CartView> {
  return db.transaction(async (tx) => {
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
  });
}

export function removeLineItems(
  db: DbOrTx,
  owner: CartOwner,
  ids: string[],
  ctx: CartContext,
): Promise<CartView> {
  return db.transaction(async (tx) => {
    const row = await lockCart(tx, owner);
    return saveLines(tx, row, removeLines(row.lines, ids), {}, [], ctx);
  });
}

export function removeCoupon(db: DbOrTx, owner: CartOwner, ctx: CartContext): Promise<CartView> {
  return db.transaction(async (tx) => {
    const row = await lockCart(tx, owner);
    return saveLines(tx, row, row.lines, { couponId: null }, [], ctx);
  });
}

/** Deletes the owner's cart; nothing to delete is fine (the call is idempotent). */
export function deleteCurrentCart(
  db: DbOrTx,
  owner: CartOwner,
  ctx: Omit<CartContext, 'env'>,
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await readCart(tx, owner);
    if (row) await deleteCartRow(tx, row, ctx.actor);
  });
}

// ---------------------------------------------------------------------------------------------------

interface ResolvedLines {
  requested: ResolvedCatalogItem[];
  byKey: Map<string, ResolvedCatalogItem>;
}

const itemKey = (productId: string, variantId: string | undefined) => `${productId}\u0000${variantId ?? ''}`;

/** One catalog round trip for requested items and existing lines together. */
async function resolveLines(
  db: DbOrTx,
  env: PricingEnv,
  lines: readonly StoredLine[],
  requests: readonly CatalogLineRequest[],
): Promise<ResolvedLines> {
  const requestRefs = requests.map((request) => refOfRequest(request.catalogReference));
  const lineRefs = lines.flatMap((line) => {
    const ref = catalogRefOf(line);
    return ref ? [ref] : [];
  });
  const all = [...requestRefs, ...lineRefs];
  const resolved = all.length > 0 ? await resolveCatalogItems(db, all, { baseUrl: env.baseUrl }) : [];
  const byKey = new Map<string, ResolvedCatalogItem>();
  for (const item of resolved) if (!item.problem) byKey.set(itemKey(item.productId, item.variantId), item);
  return { requested: resolved.slice(0, requests.length), byKey };
}

function viewLines(
  env: PricingEnv,
  lines: readonly StoredLine[],
  byKey: Map<string, ResolvedCatalogItem>,
): LineView[] {
  return lines.map((line) =>
    viewLine(line, line.productId ? byKey.get(itemKey(line.productId, line.variantId)) : undefined, {
      currency: env.currency,
      baseUrl: env.baseUrl,
    }),
  );
}

async function applyLineItems(
  tx: Tx,
  row: CartRow,
  created: boolean,
  changes: CartChanges,
  requests: CatalogLineRequest[],
  ctx: CartContext,
): Promise<CartView> {
  const resolved = await resolveLines(tx, ctx.env, row.lines, requests);
  const { lines, touched } = mergeCatalogItems(row.lines, requests, resolved.requested, 'lineItems');
  return persist(tx, row, created, lines, changes, touched, resolved.byKey, ctx);
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

async function viewOf(
  db: DbOrTx,
  env: PricingEnv,
  row: CartRow,
  lines: LineView[],
  now: Date,
): Promise<CartView> {
  const coupon = row.couponId ? await findCoupon(db, row.couponId) : undefined;
  const totals = await priceLines(env, { lines, setup: cartPricingSetup(env.currency, coupon), now });
  return { row, lines, totals, ...(coupon ? { coupon } : {}) };
}
