import type { DbOrTx, Tx } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import type {
  AddressWithContact,
  CheckoutContext,
  CustomLineData,
  LineView,
  StoredLine,
  StoredMerchantDiscount,
} from '../pricing/index.js';
import {
  type CatalogLineRequest,
  checkDiscountedLines,
  checkLineCount,
  checkPlanSale,
  linesWithSetup,
  removeLines,
  setQuantities,
} from '../pricing/index.js';
import { findUsableCoupon, findUsableGiftCard } from '../store-setup/index.js';
import type { CustomField } from './checkout.schema.js';
import {
  type CheckoutView,
  catalogLinesOf,
  membershipsNeedMember,
  totalsOf,
  withSnapshot,
} from './checkout.service.js';
import {
  assertOpen,
  type CheckoutChanges,
  type CheckoutRow,
  lockCheckout,
  saveCheckout,
} from './checkout-rows.service.js';

const MINUTE_MS = 60_000;

type Change = (tx: Tx, row: CheckoutRow) => Promise<{ lines?: StoredLine[]; changes?: CheckoutChanges }>;

/**
 * Every checkout change: lock the row, refuse if completed, apply, re-evaluate the lines (prices held
 * while the hold lasts; a lapsed hold takes today's catalog prices), extend the hold, save, record
 * `ecom.checkout.updated` — one transaction.
 */
export function mutateCheckout(
  db: DbOrTx,
  id: string,
  ctx: CheckoutContext,
  change: Change,
): Promise<CheckoutView> {
  return db.transaction(async (tx) => {
    const row = await lockCheckout(tx, id, ctx.caller);
    assertOpen(row);
    const { lines = row.lines, changes = {} } = await change(tx, row);
    checkLineCount(lines, 'lineItems');
    const { env, now } = ctx;
    await checkPlanSale(tx, env.planSales, lines, { memberId: row.memberId, field: 'lineItems' });
    const refs = {
      couponId: changes.couponId !== undefined ? changes.couponId : row.couponId,
      giftCardId: changes.giftCardId !== undefined ? changes.giftCardId : row.giftCardId,
      memberId: row.memberId,
    };
    const [views, setup] = await linesWithSetup(tx, env, lines, refs, {
      hold: { until: row.holdExpiresAt, now },
    });
    const saved = await saveCheckout(
      tx,
      row,
      {
        ...changes,
        lines: lines.map((line, index) => withSnapshot(line, views[index] as LineView)),
        holdExpiresAt: new Date(now.getTime() + setup.settings.checkoutHoldMinutes * MINUTE_MS),
      },
      ctx.actor,
      now,
    );
    return { row: saved, lines: views, setup, totals: await totalsOf(env, saved, views, setup, now) };
  });
}

export interface CheckoutPatch {
  buyerEmail?: string;
  buyerNote?: string;
  billingInfo?: AddressWithContact;
  shippingDestination?: AddressWithContact;
  selectedShippingCode?: string;
  customFields?: CustomField[];
  selectedMemberships?: { id: string; lineItemIds: string[] }[];
  couponCode?: string;
  giftCardCode?: string;
  overrideCheckoutUrl?: string;
  /** Quantity changes of existing lines (by id)… */
  quantities?: { id: string; quantity: number }[];
  /** …and catalog items to add. */
  addLineItems?: CatalogLineRequest[];
  customLines?: { id?: string; quantity: number; data: CustomLineData }[];
  /** Replaces the checkout's merchant discounts (merchant and app keys; the route checks). */
  merchantDiscounts?: StoredMerchantDiscount[];
}

/** PATCH /checkouts/{id}: the fields given change; coupon and gift card codes are checked now. */
export function updateCheckout(db: DbOrTx, id: string, patch: CheckoutPatch, ctx: CheckoutContext) {
  return mutateCheckout(db, id, ctx, async (tx, row) => {
    const changes: CheckoutChanges = {};
    if (patch.buyerEmail !== undefined) changes.buyerEmail = patch.buyerEmail;
    if (patch.buyerNote !== undefined) changes.buyerNote = patch.buyerNote;
    if (patch.billingInfo !== undefined) changes.billingInfo = patch.billingInfo;
    if (patch.shippingDestination !== undefined) changes.shippingDestination = patch.shippingDestination;
    if (patch.selectedShippingCode !== undefined) changes.selectedShippingCode = patch.selectedShippingCode;
    if (patch.customFields !== undefined) changes.customFields = patch.customFields;
    if (patch.overrideCheckoutUrl !== undefined) changes.overrideCheckoutUrl = patch.overrideCheckoutUrl;
    if (patch.selectedMemberships !== undefined) {
      if (patch.selectedMemberships.length > 0 && !row.memberId) throw membershipsNeedMember();
      changes.selectedMemberships = patch.selectedMemberships;
    }
    if (patch.couponCode) changes.couponId = (await findUsableCoupon(tx, patch.couponCode, ctx.now)).id;
    if (patch.giftCardCode)
      changes.giftCardId = (await findUsableGiftCard(tx, patch.giftCardCode, ctx.now)).id;
    let lines = row.lines;
    if (patch.quantities?.length) lines = setQuantities(lines, patch.quantities);
    if (patch.addLineItems?.length)
      lines = await catalogLinesOf(tx, ctx.env, patch.addLineItems, 'lineItems', lines);
    if (patch.customLines?.length) lines = [...lines, ...customLinesOf(patch.customLines)];
    if (patch.merchantDiscounts !== undefined) {
      checkDiscountedLines(
        patch.merchantDiscounts,
        lines.map((line) => line.id),
      );
      changes.merchantDiscounts = patch.merchantDiscounts;
    }
    return { lines, changes };
  });
}

export function addToCheckout(
  db: DbOrTx,
  id: string,
  input: {
    lineItems: CatalogLineRequest[];
    customLines: { id?: string; quantity: number; data: CustomLineData }[];
  },
  ctx: CheckoutContext,
) {
  return mutateCheckout(db, id, ctx, async (tx, row) => {
    const lines = await catalogLinesOf(tx, ctx.env, input.lineItems, 'lineItems', row.lines);
    return { lines: [...lines, ...customLinesOf(input.customLines)] };
  });
}

export function removeCheckoutLineItems(db: DbOrTx, id: string, ids: string[], ctx: CheckoutContext) {
  return mutateCheckout(db, id, ctx, async (_tx, row) => ({ lines: removeLines(row.lines, ids) }));
}

export function updateCheckoutLineItemsQuantity(
  db: DbOrTx,
  id: string,
  updates: { id: string; quantity: number }[],
  ctx: CheckoutContext,
) {
  return mutateCheckout(db, id, ctx, async (_tx, row) => ({ lines: setQuantities(row.lines, updates) }));
}

export function removeCheckoutCoupon(db: DbOrTx, id: string, ctx: CheckoutContext) {
  return mutateCheckout(db, id, ctx, async () => ({ changes: { couponId: null } }));
}

export function removeCheckoutGiftCard(db: DbOrTx, id: string, ctx: CheckoutContext) {
  return mutateCheckout(db, id, ctx, async () => ({ changes: { giftCardId: null } }));
}

export function removeOverrideCheckoutUrl(db: DbOrTx, id: string, ctx: CheckoutContext) {
  return mutateCheckout(db, id, ctx, async () => ({ changes: { overrideCheckoutUrl: null } }));
}

/**
 * mark-as-completed: the checkout becomes final (`ecom.checkout.completed`). Completing a completed
 * checkout changes nothing and succeeds, so the protocol's usual create-order → mark-as-completed works.
 */
export function markCheckoutAsCompleted(
  db: DbOrTx,
  id: string,
  ctx: Omit<CheckoutContext, 'env'>,
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockCheckout(tx, id, ctx.caller);
    if (row.completed) return;
    await saveCheckout(
      tx,
      row,
      { completed: true, completedDate: ctx.now },
      ctx.actor,
      ctx.now,
      'ecom.checkout.completed',
    );
  });
}

function customLinesOf(custom: { id?: string; quantity: number; data: CustomLineData }[]): StoredLine[] {
  return custom.map((line) => ({ id: line.id ?? uuidv7(), quantity: line.quantity, custom: line.data }));
}
