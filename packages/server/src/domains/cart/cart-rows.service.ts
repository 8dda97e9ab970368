import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { type PreparedStatement, pooledDb, runStatement, selectListOf } from '../../db/statements.js';
import { AppError } from '../../lib/http/errors.js';
import { type EventActor, recordEvent } from '../events/index.js';
import { carts } from './cart.schema.js';
import type { CartOwner } from './cart-owner.types.js';

export type CartRow = typeof carts.$inferSelect;
export type CartChanges = Partial<Omit<CartRow, 'id' | 'ownerKey' | 'createdDate' | 'version'>>;

// Every cart call starts with this read: prepared once on the pool (ADR 021).
const READ_CART: PreparedStatement = {
  name: 'cart_read_by_owner',
  text: `SELECT ${selectListOf(carts)} FROM carts WHERE owner_key = $1`,
};

/** The owner's cart without locking (reads, and the optimistic write's first step). */
export async function readCart(db: DbOrTx, owner: CartOwner): Promise<CartRow | undefined> {
  const pool = pooledDb(db);
  const [row] = pool
    ? await runStatement<CartRow>(pool, READ_CART, [owner.key])
    : await db.select().from(carts).where(eq(carts.ownerKey, owner.key));
  return row;
}

/** The owner's cart, locked for this transaction; 404 when there is none. */
export async function lockCart(tx: Tx, owner: CartOwner): Promise<CartRow> {
  const [row] = await tx.select().from(carts).where(eq(carts.ownerKey, owner.key)).for('update');
  if (!row) throw cartNotFound();
  return row;
}

/**
 * The owner's cart, created if there is none, locked for this transaction — in one statement: an upsert
 * whose conflict branch is a no-op update locks the existing row, and the unique owner key makes two
 * racing first adds meet on one row. `created` tells which branch ran (a fresh row has xmax = 0).
 */
export async function lockOrCreateCart(
  tx: Tx,
  owner: CartOwner,
): Promise<{ row: CartRow; created: boolean }> {
  const [result] = await tx
    .insert(carts)
    .values({ ownerKey: owner.key, visitorId: owner.visitorId ?? null, memberId: owner.memberId ?? null })
    .onConflictDoUpdate({ target: carts.ownerKey, set: { ownerKey: sql`excluded.owner_key` } })
    .returning({ ...getTableColumns(carts), created: sql<boolean>`(xmax = 0)` });
  if (!result) throw new Error('cart upsert returned no row');
  const { created, ...row } = result;
  return { row, created: Boolean(created) };
}

/** Writes a cart change and its event (`ecom.cart.created` for a cart this transaction made). */
export async function saveCart(
  tx: Tx,
  row: CartRow,
  changes: CartChanges,
  event: { created: boolean; actor: EventActor; now: Date },
): Promise<CartRow> {
  const [saved] = await tx
    .update(carts)
    .set({ ...changes, version: sql`${carts.version} + 1`, updatedDate: event.now })
    .where(eq(carts.id, row.id))
    .returning();
  if (!saved) throw cartNotFound();
  await recordEvent(tx, {
    type: event.created ? 'ecom.cart.created' : 'ecom.cart.updated',
    entityType: 'cart',
    entityId: saved.id,
    payload: cartEventPayload(saved),
    actor: event.actor,
  });
  return saved;
}

export async function deleteCartRow(tx: Tx, row: CartRow, actor: EventActor): Promise<void> {
  await tx.delete(carts).where(eq(carts.id, row.id));
  await recordEvent(tx, {
    type: 'ecom.cart.deleted',
    entityType: 'cart',
    entityId: row.id,
    payload: { cart: { id: row.id } },
    actor,
  });
}

/**
 * Deletes a cart by id if it still exists (its order was placed). With `recordEvent: false` the caller
 * records `ecom.cart.deleted` itself (batched with its own events).
 */
export async function deleteCartById(
  tx: Tx,
  cartId: string,
  actor: EventActor,
  options: { recordEvent?: boolean } = {},
): Promise<boolean> {
  const deleted = await tx.delete(carts).where(eq(carts.id, cartId)).returning({ id: carts.id });
  if (deleted.length === 0) return false;
  if (options.recordEvent === false) return true;
  await recordEvent(tx, {
    type: 'ecom.cart.deleted',
    entityType: 'cart',
    entityId: cartId,
    payload: { cart: { id: cartId } },
    actor,
  });
  return true;
}

/** What `ecom.cart.*` events carry: the cart's identity, lines and links (no prices). */
export function cartEventPayload(row: CartRow): Record<string, unknown> {
  return {
    cart: {
      id: row.id,
      buyerInfo: row.memberId ? { memberId: row.memberId } : { visitorId: row.visitorId },
      lineItems: row.lines.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
        ...(line.custom ? { customLineItem: true, name: line.custom.name } : {}),
      })),
      couponId: row.couponId,
      checkoutId: row.checkoutId,
      updatedDate: row.updatedDate.toISOString(),
    },
  };
}

export function cartNotFound(): AppError {
  return new AppError('OWNED_CART_NOT_FOUND', 'Cart not found', {
    status: 404,
    description: 'This visitor or member has no current cart yet. Add an item to create one.',
  });
}
