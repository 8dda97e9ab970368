import { desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/http/errors.js';
import { type Caller, isMerchant } from '../access/index.js';
import { type DomainEvent, type EventActor, recordEvent } from '../events/index.js';
import { checkouts } from './checkout.schema.js';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type CheckoutInsert = typeof checkouts.$inferInsert;
export type CheckoutChanges = Partial<Omit<CheckoutRow, 'id' | 'createdDate'>>;

/**
 * Who may see and change a checkout: merchants (staff, apps) any; shoppers their own (by visitor or
 * member id). A checkout a merchant made without a buyer identity (e.g. a payment link) is open to any
 * shopper holding its id: the random id is the capability. Others get 404, so ids cannot be probed.
 */
export function canAccessCheckout(caller: Caller, row: Pick<CheckoutRow, 'visitorId' | 'memberId'>): boolean {
  if (isMerchant(caller)) return true;
  if (!row.visitorId && !row.memberId) return caller.kind === 'visitor' || caller.kind === 'member';
  if (caller.kind === 'member')
    return row.memberId === caller.memberId || (!!caller.visitorId && row.visitorId === caller.visitorId);
  if (caller.kind === 'visitor') return !row.memberId && row.visitorId === caller.visitorId;
  return false;
}

export function checkoutNotFound(id: string): AppError {
  return notFound('Checkout', id);
}

export async function readCheckout(db: DbOrTx, id: string, caller: Caller): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!row || !canAccessCheckout(caller, row)) throw checkoutNotFound(id);
  return row;
}

export async function readCheckoutByCart(db: DbOrTx, cartId: string, caller: Caller): Promise<CheckoutRow> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.cartId, cartId))
    .orderBy(desc(checkouts.createdDate), desc(checkouts.id))
    .limit(1);
  if (!row || !canAccessCheckout(caller, row)) {
    throw new AppError('CHECKOUT_NOT_FOUND', 'Checkout not found', {
      status: 404,
      description: `No checkout was created from cart "${cartId}". Create one with create-checkout.`,
      data: { cartId },
    });
  }
  return row;
}

/** The checkout locked for this transaction (404 when missing or not the caller's). */
export async function lockCheckout(tx: Tx, id: string, caller: Caller): Promise<CheckoutRow> {
  const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
  if (!row || !canAccessCheckout(caller, row)) throw checkoutNotFound(id);
  return row;
}

/** A completed checkout is final: changes are refused with 409 CHECKOUT_ALREADY_COMPLETED. */
export function assertOpen(row: CheckoutRow): void {
  if (row.completed) {
    throw new AppError('CHECKOUT_ALREADY_COMPLETED', 'Checkout already completed', {
      status: 409,
      description: `Checkout ${row.id} has been completed${row.orderId ? ` (order ${row.orderId})` : ''} and cannot change. Create a new checkout.`,
      data: { checkoutId: row.id, ...(row.orderId ? { orderId: row.orderId } : {}) },
    });
  }
}

export async function insertCheckout(
  tx: Tx,
  values: CheckoutInsert,
  actor: EventActor,
): Promise<CheckoutRow> {
  const [row] = await tx.insert(checkouts).values(values).returning();
  if (!row) throw new Error('checkout insert returned no row');
  await recordEvent(tx, checkoutEvent('ecom.checkout.created', row, actor));
  return row;
}

export async function saveCheckout(
  tx: Tx,
  row: CheckoutRow,
  changes: CheckoutChanges,
  actor: EventActor,
  now: Date,
  type: 'ecom.checkout.updated' | 'ecom.checkout.completed' = 'ecom.checkout.updated',
): Promise<CheckoutRow> {
  const [saved] = await tx
    .update(checkouts)
    .set({ ...changes, updatedDate: now })
    .where(eq(checkouts.id, row.id))
    .returning();
  if (!saved) throw checkoutNotFound(row.id);
  await recordEvent(tx, checkoutEvent(type, saved, actor));
  return saved;
}

/**
 * A visitor's checkout taken over by the member who logged in from that visitor (create-order does it for
 * a plan, which is sold to members only, before any money is taken: a retry, the Stripe webhook and the
 * reconciliation job then sell it to the same member). Records `ecom.checkout.updated`.
 */
export function assignCheckoutMember(
  tx: Tx,
  row: CheckoutRow,
  memberId: string,
  actor: EventActor,
  now: Date,
): Promise<CheckoutRow> {
  return saveCheckout(tx, row, { memberId }, actor, now);
}

/**
 * Completes a locked checkout for its order and deletes the cart it came from, in ONE statement, without
 * recording events: the order's transaction records them with its own in one statement. Returns the
 * events to record (checkout completed; cart deleted, when there was one).
 */
export async function completeCheckoutForOrder(
  tx: Tx,
  row: CheckoutRow,
  order: { orderId: string; now: Date; actor: EventActor },
): Promise<DomainEvent[]> {
  const { orderId, now, actor } = order;
  const [outcome] = await queryRows<{ carts_deleted: number | string }>(
    tx,
    sql`WITH gone AS (DELETE FROM carts WHERE id = ${row.cartId ?? null}::text RETURNING id)
      UPDATE checkouts SET completed = true, completed_date = ${now}, order_id = ${orderId}, updated_date = ${now}
      WHERE id = ${row.id}
      RETURNING (SELECT count(*) FROM gone) AS carts_deleted`,
  );
  if (!outcome) throw checkoutNotFound(row.id);
  // The row is locked by this transaction, so the saved checkout is exactly this.
  const saved: CheckoutRow = { ...row, completed: true, completedDate: now, orderId, updatedDate: now };
  const events = [checkoutEvent('ecom.checkout.completed', saved, actor)];
  if (row.cartId && Number(outcome.carts_deleted) > 0) {
    events.push({
      type: 'ecom.cart.deleted',
      entityType: 'cart',
      entityId: row.cartId,
      payload: { cart: { id: row.cartId } },
      actor,
    });
  }
  return events;
}

function checkoutEvent(type: string, row: CheckoutRow, actor: EventActor): DomainEvent {
  return {
    type,
    entityType: 'checkout',
    entityId: row.id,
    payload: {
      checkout: {
        id: row.id,
        cartId: row.cartId,
        channelType: row.channelType,
        completed: row.completed,
        ...(row.orderId ? { orderId: row.orderId } : {}),
        buyerInfo: {
          ...(row.memberId ? { memberId: row.memberId } : row.visitorId ? { visitorId: row.visitorId } : {}),
          ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
        },
        lineItems: row.lines.map((line) => ({
          id: line.id,
          quantity: line.quantity,
          catalogReference: line.catalogReference,
        })),
        updatedDate: row.updatedDate.toISOString(),
      },
    },
    actor,
  };
}
