import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { pooledDb } from '../../../db/statements.js';
import { AppError, notFound } from '../../../lib/http/errors.js';
import type { PricingEnv } from '../../pricing/index.js';
import { carts } from '../cart.schema.js';
import type { CartMemo } from '../cart-memo.cache.js';
import type { CartOwner } from '../cart-owner.types.js';
import { type CartRow, lockOrCreateCart } from '../cart-rows.service.js';
import { type CartContext, type CartView, resolveLines, viewLines, viewOf } from '../cart-view.service.js';
import { type UpdateCartInput, updateLockedCart } from '../current/cart.service.js';

/*
 * A shopper's cart named by id: the protocol's elevated cart calls (the `cart` module's createCart,
 * getCart, updateCart), for merchant and app keys. They set what shoppers may not — merchant discounts,
 * custom lines, catalog overrides — on the cart the shopper then checks out as usual. The change takes
 * the cart row's lock, so it queues with the shopper's own locked changes, and bumps the version, so
 * the shopper's lock-free adds (ADR 021) notice it and retry on the new row: nothing is lost either way.
 */

export async function getCartById(db: DbOrTx, env: PricingEnv, id: string, now: Date): Promise<CartView> {
  const [row] = await db.select().from(carts).where(eq(carts.id, id));
  if (!row) throw notFound('Cart', id);
  const items = await resolveLines(db, env, row.lines, []);
  return viewOf(db, env, row, viewLines(env, row.lines, items.byKey), now);
}

export function updateCartById(
  db: DbOrTx,
  id: string,
  input: UpdateCartInput,
  ctx: CartContext,
): Promise<CartView> {
  return remember(
    db,
    ctx.memo,
    db.transaction(async (tx) => updateLockedCart(tx, await lockCartById(tx, id), false, input, ctx)),
  );
}

/**
 * A new cart for a shopper the caller names. Carts here are one per shopper (the current cart), so a
 * shopper who already has one gets 409 with its id: update that one instead.
 */
export function createCartFor(
  db: DbOrTx,
  owner: CartOwner,
  input: UpdateCartInput,
  ctx: CartContext,
): Promise<CartView> {
  return remember(
    db,
    ctx.memo,
    db.transaction(async (tx) => {
      const { row, created } = await lockOrCreateCart(tx, owner);
      if (!created)
        throw new AppError('CART_ALREADY_EXISTS', 'This shopper already has a cart', {
          status: 409,
          description: `The shopper's current cart is ${row.id}; change it with updateCart (PATCH /ecom/v1/carts/${row.id}).`,
          data: { cartId: row.id },
        });
      return updateLockedCart(tx, row, true, input, ctx);
    }),
  );
}

async function lockCartById(tx: Tx, id: string): Promise<CartRow> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, id)).for('update');
  if (!row) throw notFound('Cart', id);
  return row;
}

async function remember(db: DbOrTx, memo: CartMemo, change: Promise<CartView>): Promise<CartView> {
  const view = await change;
  if (pooledDb(db)) memo.remember(view.row);
  return view;
}
