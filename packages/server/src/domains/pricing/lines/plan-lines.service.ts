import type { DbOrTx } from '../../../db/client.js';
import {
  type CatalogItemRef,
  type ProductRecordsById,
  type ResolvedCatalogItem,
  resolveCatalogItems,
} from '../../catalog/index.js';
import { findMembershipPlan, type MembershipPlan } from '../../store-setup/index.js';
import type { StoredLine } from './line.types.js';
import { type CatalogLineRequest, refOfRequest } from './line-list.rules.js';
import { checkPlanLines, isPlanReference } from './plan-lines.rules.js';
import type { PlanSales } from './plan-sales.types.js';

/** The plans with these ids (those that exist, active or not). A checkout holds one plan at most. */
export async function plansById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, MembershipPlan>> {
  const plans = new Map<string, MembershipPlan>();
  for (const id of new Set(ids)) {
    const plan = await findMembershipPlan(db, id);
    if (plan) plans.set(id, plan);
  }
  return plans;
}

/**
 * What requested lines name: catalog items (one catalog round trip, `items[i]` for `requests[i]`) and
 * the plans of Pricing Plans lines (their `items[i]` is undefined), for `mergeCatalogItems`.
 */
export async function resolveLineRequests(
  db: DbOrTx,
  requests: readonly CatalogLineRequest[],
  catalog: { records: ProductRecordsById; baseUrl: string },
): Promise<{ items: (ResolvedCatalogItem | undefined)[]; plans: Map<string, MembershipPlan> }> {
  const planIds = requests
    .filter((request) => isPlanReference(request.catalogReference))
    .map((request) => request.catalogReference.catalogItemId);
  const refs: CatalogItemRef[] = requests
    .filter((request) => !isPlanReference(request.catalogReference))
    .map((request) => refOfRequest(request.catalogReference));
  const resolved = refs.length > 0 ? await resolveCatalogItems(db, refs, catalog) : [];
  const plans = planIds.length > 0 ? await plansById(db, planIds) : new Map<string, MembershipPlan>();
  let next = 0;
  const items = requests.map((request) =>
    isPlanReference(request.catalogReference) ? undefined : resolved[next++],
  );
  return { items, plans };
}

/**
 * A checkout's lines as they are about to be saved: a plan stands alone (400 naming `field`), and a
 * member who holds a once-per-buyer plan already cannot add it again (409 `PLAN_ALREADY_PURCHASED`).
 * A visitor may hold a plan line: they log in before the order is placed.
 */
export async function checkPlanSale(
  db: DbOrTx,
  planSales: PlanSales | undefined,
  lines: readonly StoredLine[],
  input: { memberId?: string | null | undefined; field: string },
): Promise<void> {
  checkPlanLines(lines, input.field);
  const planId = lines.find((line) => line.pricingPlanId)?.pricingPlanId;
  if (!planId || !input.memberId) return;
  if (!planSales) throw new Error('a plan line is held but the app sells no plans (PricingEnv.planSales)');
  await planSales.checkBuyer(db, { memberId: input.memberId, planId });
}
