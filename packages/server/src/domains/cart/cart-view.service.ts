import type { DbOrTx } from '../../db/client.js';
import { type ResolvedCatalogItem, resolveCatalogItems } from '../catalog/index.js';
import type { EventActor } from '../events/index.js';
import type { CatalogLineRequest, LineView, StoredLine, Totals } from '../pricing/index.js';
import { catalogRefOf, type PricingEnv, priceLines, refOfRequest, viewLine } from '../pricing/index.js';
import { type Coupon, cartPricingSetup, findCoupon } from '../store-setup/index.js';
import type { CartMemo } from './cart-memo.cache.js';
import type { CartRow } from './cart-rows.service.js';

/* A cart's lines evaluated against the catalog now, and its totals: what every cart reply shows. */

export interface CartContext {
  env: PricingEnv;
  actor: EventActor;
  now: Date;
  /** The app's remembered cart rows (cart-memo.cache.ts), used on its pooled handle only. */
  memo: CartMemo;
}

/** A cart as callers see it: its row, its lines evaluated against the catalog now, and its totals. */
export interface CartView {
  row: CartRow;
  lines: LineView[];
  totals: Totals;
  coupon?: Coupon;
}

export interface ResolvedLines {
  requested: ResolvedCatalogItem[];
  byKey: Map<string, ResolvedCatalogItem>;
}

const itemKey = (productId: string, variantId: string | undefined) => `${productId}\u0000${variantId ?? ''}`;

/** One catalog round trip for requested items and existing lines together. */
export async function resolveLines(
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
  const resolved =
    all.length > 0
      ? await resolveCatalogItems(db, all, { records: env.catalogRecords, baseUrl: env.baseUrl })
      : [];
  const byKey = new Map<string, ResolvedCatalogItem>();
  for (const item of resolved) if (!item.problem) byKey.set(itemKey(item.productId, item.variantId), item);
  return { requested: resolved.slice(0, requests.length), byKey };
}

export function viewLines(
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

export async function viewOf(
  db: DbOrTx,
  env: PricingEnv,
  row: CartRow,
  lines: LineView[],
  now: Date,
): Promise<CartView> {
  const coupon = row.couponId ? await findCoupon(db, row.couponId) : undefined;
  const totals = await priceLines(env, {
    lines,
    setup: cartPricingSetup(env.currency, coupon),
    merchantDiscounts: row.merchantDiscounts,
    now,
  });
  return { row, lines, totals, ...(coupon ? { coupon } : {}) };
}
