import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { EventActor } from '../../events/index.js';
import type { IdentityHooks } from '../../identity/index.js';
import { combineLines } from '../../pricing/index.js';
import { carts } from '../cart.schema.js';
import { memberOwner, visitorOwner } from '../cart-owner.types.js';
import { deleteCartRow, lockOrCreateCart, readCart, saveCart } from '../cart-rows.service.js';

/**
 * Visitor → member (login): the visitor's cart is merged into the member's, in the login's transaction.
 * The same item adds up, other lines move over; the member's coupon, note and contact win when both
 * have one. The visitor cart is deleted. Locks: visitor cart first, then the member's, always in that
 * order, so concurrent merges and adds cannot deadlock.
 */
export async function mergeVisitorCartIntoMember(
  tx: Tx,
  input: { visitorId: string; memberId: string },
  ctx: { actor: EventActor; now: Date },
): Promise<{ cartId?: string; merged: boolean }> {
  const visitor = visitorOwner(input.visitorId);
  const [visitorCart] = await tx.select().from(carts).where(eq(carts.ownerKey, visitor.key)).for('update');
  if (!visitorCart) {
    const memberCart = await readCart(tx, memberOwner(input.memberId));
    return { ...(memberCart ? { cartId: memberCart.id } : {}), merged: false };
  }
  const { row: memberCart, created } = await lockOrCreateCart(tx, memberOwner(input.memberId));
  const saved = await saveCart(
    tx,
    memberCart,
    {
      lines: combineLines(memberCart.lines, visitorCart.lines),
      couponId: memberCart.couponId ?? visitorCart.couponId,
      buyerNote: memberCart.buyerNote ?? visitorCart.buyerNote,
      contactInfo: memberCart.contactInfo ?? visitorCart.contactInfo,
      selectedShippingCode: memberCart.selectedShippingCode ?? visitorCart.selectedShippingCode,
      merchantDiscounts:
        memberCart.merchantDiscounts.length > 0
          ? memberCart.merchantDiscounts
          : visitorCart.merchantDiscounts,
    },
    { created, actor: ctx.actor, now: ctx.now },
  );
  await deleteCartRow(tx, visitorCart, ctx.actor);
  return { cartId: saved.id, merged: true };
}

/**
 * Wires the merge to the identity domain's visitor → member moment (a login that started from a
 * visitor token): the merge runs in the login's transaction. Returns the unsubscribe function (the app
 * calls it when it closes).
 */
export function mergeCartsOnLogin({
  identityHooks,
  clock,
}: {
  identityHooks: IdentityHooks;
  clock: () => Date;
}): () => void {
  return identityHooks.onVisitorBecameMember(async ({ tx, visitorId, memberId }) => {
    await mergeVisitorCartIntoMember(
      tx,
      { visitorId, memberId },
      { actor: { identityType: 'MEMBER', id: memberId }, now: clock() },
    );
  });
}
