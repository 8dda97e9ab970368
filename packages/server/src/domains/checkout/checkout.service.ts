import type { DbOrTx, Tx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { invalidField } from '../../lib/http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import type { Caller } from '../access/index.js';
import type {
  AddressWithContact,
  CheckoutContext,
  CustomLineData,
  LineView,
  StoredLine,
  StoredMerchantDiscount,
  Totals,
} from '../pricing/index.js';
import {
  type CatalogLineRequest,
  checkDiscountedLines,
  checkPlanSale,
  evaluateLines,
  linesWithSetup,
  loadSetup,
  mergeCatalogItems,
  type PricingEnv,
  priceLines,
  resolveLineRequests,
  snapshotOf,
} from '../pricing/index.js';
import type { PricingSetup } from '../store-setup/index.js';
import { findUsableCoupon, findUsableGiftCard } from '../store-setup/index.js';
import type { ChannelType, CustomField } from './checkout.schema.js';
import {
  type CheckoutRow,
  insertCheckout,
  readCheckout,
  readCheckoutByCart,
} from './checkout-rows.service.js';
import { memberCheckoutDefaults } from './member-defaults.service.js';

const MINUTE_MS = 60_000;

/** A checkout as callers see it: row, lines evaluated now (with the price hold), totals. */
export interface CheckoutView {
  row: CheckoutRow;
  lines: LineView[];
  totals: Totals;
  setup: PricingSetup;
}

/** Evaluates a checkout: lines (held prices while the hold lasts), set-up, totals. Two round trips. */
export async function viewCheckout(
  db: DbOrTx,
  env: PricingEnv,
  row: CheckoutRow,
  now: Date,
): Promise<CheckoutView> {
  const [lines, setup] = await linesWithSetup(
    db,
    env,
    row.lines,
    { couponId: row.couponId, giftCardId: row.giftCardId, memberId: row.memberId },
    { hold: { until: row.holdExpiresAt, now } },
  );
  return { row, lines, setup, totals: await totalsOf(env, row, lines, setup, now) };
}

export function totalsOf(
  env: PricingEnv,
  row: CheckoutRow,
  lines: LineView[],
  setup: PricingSetup,
  now: Date,
) {
  return priceLines(env, {
    lines,
    setup,
    merchantDiscounts: row.merchantDiscounts,
    ...(row.shippingDestination?.address ? { shippingAddress: row.shippingDestination.address } : {}),
    ...(row.billingInfo?.address ? { billingAddress: row.billingInfo.address } : {}),
    ...(row.selectedShippingCode ? { selectedShippingCode: row.selectedShippingCode } : {}),
    selectedMemberships: row.selectedMemberships,
    now,
  });
}

export async function getCheckout(db: DbOrTx, env: PricingEnv, id: string, caller: Caller, now: Date) {
  return viewCheckout(db, env, await readCheckout(db, id, caller), now);
}

export async function getCheckoutByCartId(
  db: DbOrTx,
  env: PricingEnv,
  cartId: string,
  caller: Caller,
  now: Date,
) {
  return viewCheckout(db, env, await readCheckoutByCart(db, cartId, caller), now);
}

export interface NewCheckout {
  cartId?: string;
  visitorId?: string;
  memberId?: string;
  channelType: ChannelType;
  lines: StoredLine[];
  buyerEmail?: string;
  buyerNote?: string;
  billingInfo?: AddressWithContact;
  shippingDestination?: AddressWithContact;
  selectedShippingCode?: string;
  couponId?: string;
  giftCardId?: string;
  merchantDiscounts?: StoredMerchantDiscount[];
  customFields?: CustomField[];
  overrideCheckoutUrl?: string;
  selectedMemberships?: { id: string; lineItemIds: string[] }[];
}

/**
 * Creates a checkout in the caller's transaction: prices are taken from the catalog now and held until
 * `holdExpiresAt` (store setting). Stock is not reserved (ADR 010): availability is checked again, under
 * row locks, when the order is created.
 */
export async function createCheckout(
  tx: Tx,
  input: NewCheckout,
  ctx: Omit<CheckoutContext, 'caller'>,
): Promise<CheckoutView> {
  if (input.lines.length === 0) {
    throw invalidField('lineItems', 'MIN_SIZE', 'a checkout needs at least one line item; add items first', {
      threshold: 1,
    });
  }
  const { env, now } = ctx;
  await checkPlanSale(tx, env.planSales, input.lines, { memberId: input.memberId, field: 'lineItems' });
  const [views, setup, defaults] = await readTogether(
    tx,
    () =>
      evaluateLines(tx, input.lines, {
        catalogRecords: env.catalogRecords,
        currency: env.currency,
        baseUrl: env.baseUrl,
      }),
    () =>
      loadSetup(tx, env, {
        couponId: input.couponId,
        giftCardId: input.giftCardId,
        memberId: input.memberId,
      }),
    () =>
      input.memberId && (!input.buyerEmail || !input.shippingDestination)
        ? memberCheckoutDefaults(tx, input.memberId)
        : ({} as Awaited<ReturnType<typeof memberCheckoutDefaults>>),
  );
  const lines = input.lines.map((line, index) => withSnapshot(line, views[index] as LineView));
  const row = await insertCheckout(
    tx,
    {
      id: uuidv7(now.getTime()),
      cartId: input.cartId ?? null,
      visitorId: input.visitorId ?? null,
      memberId: input.memberId ?? null,
      channelType: input.channelType,
      lines,
      buyerEmail: input.buyerEmail ?? defaults.buyerEmail ?? null,
      buyerNote: input.buyerNote ?? null,
      billingInfo: input.billingInfo ?? null,
      shippingDestination: input.shippingDestination ?? defaults.shippingDestination ?? null,
      selectedShippingCode: input.selectedShippingCode ?? null,
      couponId: input.couponId ?? null,
      giftCardId: input.giftCardId ?? null,
      merchantDiscounts: input.merchantDiscounts ?? [],
      customFields: input.customFields ?? [],
      selectedMemberships: input.selectedMemberships ?? [],
      overrideCheckoutUrl: input.overrideCheckoutUrl ?? null,
      holdExpiresAt: new Date(now.getTime() + setup.settings.checkoutHoldMinutes * MINUTE_MS),
      createdDate: now,
      updatedDate: now,
    },
    ctx.actor,
  );
  return { row, lines: views, setup, totals: await totalsOf(env, row, views, setup, now) };
}

/** Remembers a line's display data and (held) price; lines that are gone keep their last snapshot. */
export function withSnapshot(line: StoredLine, view: LineView): StoredLine {
  return view.availability.status === 'NOT_FOUND' || line.custom
    ? line
    : { ...line, snapshot: snapshotOf(view) };
}

export interface CreateCheckoutRequest {
  lineItems: CatalogLineRequest[];
  customLines: { id?: string; quantity: number; data: CustomLineData }[];
  channelType: ChannelType;
  couponCode?: string;
  giftCardCode?: string;
  overrideCheckoutUrl?: string;
  buyerEmail?: string;
  buyerNote?: string;
  billingInfo?: AddressWithContact;
  shippingDestination?: AddressWithContact;
  selectedShippingCode?: string;
  customFields?: CustomField[];
  merchantDiscounts?: StoredMerchantDiscount[];
  selectedMemberships?: { id: string; lineItemIds: string[] }[];
  /** Merchants may create a checkout for a given buyer identity. */
  buyer?: { visitorId?: string; memberId?: string };
}

/** POST /checkouts: a checkout from line items directly (shoppers for themselves; merchants for anyone). */
export function createCheckoutFromLineItems(
  db: DbOrTx,
  input: CreateCheckoutRequest,
  ctx: CheckoutContext,
): Promise<CheckoutView> {
  return db.transaction(async (tx) => {
    const lines = await catalogLinesOf(tx, ctx.env, input.lineItems, 'lineItems');
    for (const custom of input.customLines) {
      lines.push({ id: custom.id ?? uuidv7(), quantity: custom.quantity, custom: custom.data });
    }
    checkDiscountedLines(
      input.merchantDiscounts,
      lines.map((line) => line.id),
    );
    const couponId = input.couponCode
      ? (await findUsableCoupon(tx, input.couponCode, ctx.now)).id
      : undefined;
    const giftCardId = input.giftCardCode
      ? (await findUsableGiftCard(tx, input.giftCardCode, ctx.now)).id
      : undefined;
    const { caller } = ctx;
    if (input.selectedMemberships?.length && caller.kind !== 'member' && !input.buyer?.memberId)
      throw membershipsNeedMember();
    const owner =
      caller.kind === 'member'
        ? { memberId: caller.memberId, ...(caller.visitorId ? { visitorId: caller.visitorId } : {}) }
        : caller.kind === 'visitor'
          ? { visitorId: caller.visitorId }
          : (input.buyer ?? {});
    return createCheckout(
      tx,
      {
        ...owner,
        channelType: input.channelType,
        lines,
        ...pick(input, [
          'buyerEmail',
          'buyerNote',
          'billingInfo',
          'shippingDestination',
          'selectedShippingCode',
        ]),
        ...pick(input, ['customFields', 'merchantDiscounts', 'overrideCheckoutUrl', 'selectedMemberships']),
        ...(couponId ? { couponId } : {}),
        ...(giftCardId ? { giftCardId } : {}),
      },
      ctx,
    );
  });
}

/**
 * Catalog line requests → stored lines (merging repeats), resolved in one catalog round trip; Pricing
 * Plans lines against their plans (a checkout takes them, a cart does not).
 */
export async function catalogLinesOf(
  db: DbOrTx,
  env: PricingEnv,
  requests: CatalogLineRequest[],
  field: string,
  existing: StoredLine[] = [],
): Promise<StoredLine[]> {
  if (requests.length === 0) return [...existing];
  const { items, plans } = await resolveLineRequests(db, requests, {
    records: env.catalogRecords,
    baseUrl: env.baseUrl,
  });
  return mergeCatalogItems(existing, requests, items, field, plans).lines;
}

/** Memberships belong to members: a visitor cannot choose one. */
export function membershipsNeedMember() {
  return invalidField(
    'checkout.membershipOptions.selectedMemberships',
    'FIELD_NOT_ALLOWED',
    'memberships pay only for a logged-in member; log in first',
  );
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}
