import type { DbOrTx } from '../../../db/client.js';
import type { ProductRecord } from '../../catalog/index.js';
import {
  type CatalogItemRef,
  discountedMinor,
  type ProductRecordsById,
  type ResolvedCatalogItem,
  resolveCatalogItems,
} from '../../catalog/index.js';
import type { AvailabilityStatus } from '../totals/totals.types.js';
import type { LineSnapshot, LineView, StoredLine } from './line.types.js';
import { withExtras } from './line-extras.mapper.js';
import { planLineView } from './plan-lines.rules.js';
import { plansById } from './plan-lines.service.js';

export interface EvaluationContext {
  /** Store currency: a catalog item priced in another currency cannot be bought. */
  currency: string;
  /** Absolute base of media and product page URLs (PUBLIC_URL). */
  baseUrl: string;
  /** A checkout's price hold: while it lasts, held prices are kept (or the catalog's, if lower). */
  hold?: { until: Date; now: Date };
  /** Receives the product records read (create-order hands them to the stock step). */
  loaded?: Map<string, ProductRecord>;
}

/** The catalog reference of a stored line, as the catalog resolves it. */
export function catalogRefOf(line: StoredLine): CatalogItemRef | undefined {
  if (!line.productId) return undefined;
  return line.variantId
    ? { productId: line.productId, variantId: line.variantId }
    : { productId: line.productId, ...(optionsOf(line) ? { options: optionsOf(line) } : {}) };
}

/** `catalogReference.options.options` (a choice per option name), when the line was added that way. */
export function optionsOf(line: Pick<StoredLine, 'catalogReference'>): Record<string, string> | undefined {
  const options = line.catalogReference?.options?.options;
  if (!options || typeof options !== 'object' || Array.isArray(options)) return undefined;
  return Object.fromEntries(
    Object.entries(options as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
}

/**
 * Evaluates lines against the catalog as it is now (one catalog round trip for all of them): name,
 * price, image, weight, item type and availability. Lines whose product is gone keep their last
 * snapshot for display and are NOT_FOUND. Pricing Plans lines are evaluated against their plan.
 */
export async function evaluateLines(
  db: DbOrTx,
  lines: readonly StoredLine[],
  context: EvaluationContext & { catalogRecords: ProductRecordsById },
): Promise<LineView[]> {
  const refs = lines.map(catalogRefOf);
  const wanted = refs.filter((ref): ref is CatalogItemRef => ref !== undefined);
  const resolved =
    wanted.length > 0
      ? await resolveCatalogItems(db, wanted, {
          records: context.catalogRecords,
          baseUrl: context.baseUrl,
          ...(context.loaded ? { loaded: context.loaded } : {}),
        })
      : [];
  const planIds = lines.flatMap((line) => (line.pricingPlanId ? [line.pricingPlanId] : []));
  const plans = planIds.length > 0 ? await plansById(db, planIds) : undefined;
  let next = 0;
  return lines.map((line, index) => {
    if (line.pricingPlanId)
      return withExtras(line, planLineView(line, plans?.get(line.pricingPlanId), context));
    if (!refs[index]) return customLineView(line);
    return withExtras(line, catalogLineView(line, resolved[next++], context));
  });
}

/** The view of one line given its resolved catalog item (custom lines need none). */
export function viewLine(
  line: StoredLine,
  item: ResolvedCatalogItem | undefined,
  context: EvaluationContext,
): LineView {
  return line.custom ? customLineView(line) : withExtras(line, catalogLineView(line, item, context));
}

/** Views of already-resolved items (callers that resolved the references themselves). */
export function catalogLineView(
  line: StoredLine,
  item: ResolvedCatalogItem | undefined,
  context: EvaluationContext,
): LineView {
  const snapshot = line.snapshot;
  const base = {
    id: line.id,
    quantity: line.quantity,
    custom: false,
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    ...(line.productId ? { productId: line.productId } : {}),
    ...(line.variantId ? { variantId: line.variantId } : {}),
    paymentOption: 'FULL_PAYMENT_ONLINE' as const,
    taxable: true,
    digitalFileIds: item?.digitalFileIds ?? [],
  };
  if (!item || item.problem || item.priceMinor === undefined) {
    return {
      ...base,
      collectionIds: [],
      name: snapshot?.name ?? 'Item no longer available',
      unitPriceMinor: snapshot?.priceMinor ?? 0,
      fullUnitPriceMinor: snapshot?.fullPriceMinor ?? 0,
      itemType: snapshot?.itemType ?? 'PHYSICAL',
      weight: snapshot?.weight ?? 0,
      ...(snapshot?.sku ? { sku: snapshot.sku } : {}),
      ...(snapshot?.image ? { image: snapshot.image } : {}),
      descriptionLines: [],
      availability: { status: 'NOT_FOUND' },
    };
  }
  const plan = line.subscriptionPlanId
    ? item.subscriptionOptions?.subscriptions.find((candidate) => candidate.id === line.subscriptionPlanId)
    : undefined;
  let unitPrice = plan ? discountedMinor(item.priceMinor, plan.discount) : item.priceMinor;
  if (context.hold && snapshot && context.hold.now < context.hold.until) {
    unitPrice = Math.min(unitPrice, snapshot.priceMinor);
  }
  // A deposit is of the price the buyer pays; one that is not less than it (a lower held price) is none.
  const deposit =
    !plan && item.depositMinor !== undefined && item.depositMinor < unitPrice ? item.depositMinor : undefined;
  const status = availabilityOf(
    item,
    line.quantity,
    context.currency,
    line.subscriptionPlanId,
    plan !== undefined,
  );
  return {
    ...base,
    ...(item.variantId ? { variantId: item.variantId } : {}),
    collectionIds: item.collectionIds ?? [],
    name: item.name ?? snapshot?.name ?? '',
    unitPriceMinor: unitPrice,
    fullUnitPriceMinor: item.fullPriceMinor ?? unitPrice,
    itemType: item.itemType ?? 'PHYSICAL',
    weight: item.weight ?? 0,
    ...(item.sku ? { sku: item.sku } : {}),
    ...(item.image ? { image: item.image } : {}),
    ...(item.productPageUrl
      ? {
          url: {
            relativePath: item.productPageUrl.path,
            url: `${item.productPageUrl.base}${item.productPageUrl.path}`,
          },
        }
      : {}),
    descriptionLines: (item.choices ?? []).map((choice) => ({
      name: choice.option,
      value: choice.choice,
      ...(choice.colorCode ? { colorCode: choice.colorCode } : {}),
    })),
    availability: status,
    ...(deposit !== undefined ? { paymentOption: 'DEPOSIT_ONLINE' as const, depositUnitMinor: deposit } : {}),
    ...(plan
      ? {
          subscription: {
            planId: plan.id,
            title: plan.title,
            ...(plan.description ? { description: plan.description } : {}),
            frequency: plan.frequency,
            interval: plan.interval,
            billingCycles: plan.billingCycles,
          },
        }
      : {}),
  };
}

function availabilityOf(
  item: ResolvedCatalogItem,
  quantity: number,
  currency: string,
  planId: string | undefined,
  planFound: boolean,
): { status: AvailabilityStatus; quantityAvailable?: number } {
  const left = item.quantityAvailable;
  const withLeft = (status: AvailabilityStatus) => ({
    status,
    ...(left !== undefined ? { quantityAvailable: left } : {}),
  });
  if (planId && !planFound) return { status: 'NOT_FOUND' };
  if (item.currency && item.currency !== currency) return withLeft('NOT_AVAILABLE');
  if (!item.available) return withLeft('NOT_AVAILABLE');
  if (left !== undefined && left < quantity)
    return withLeft(left > 0 ? 'PARTIALLY_AVAILABLE' : 'NOT_AVAILABLE');
  return withLeft('AVAILABLE');
}

function customLineView(line: StoredLine): LineView {
  const custom = line.custom;
  const left = custom?.quantityAvailable;
  const status: AvailabilityStatus =
    left === undefined || left >= line.quantity
      ? 'AVAILABLE'
      : left > 0
        ? 'PARTIALLY_AVAILABLE'
        : 'NOT_AVAILABLE';
  return {
    id: line.id,
    quantity: line.quantity,
    custom: true,
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    collectionIds: [],
    name: custom?.name ?? '',
    unitPriceMinor: custom?.priceMinor ?? 0,
    fullUnitPriceMinor: custom?.fullPriceMinor ?? custom?.priceMinor ?? 0,
    itemType: custom?.itemType ?? 'PHYSICAL',
    weight: custom?.weight ?? 0,
    ...(custom?.sku ? { sku: custom.sku } : {}),
    ...(custom?.image ? { image: custom.image } : {}),
    ...(custom?.url ? { url: { relativePath: custom.url, url: custom.url } } : {}),
    descriptionLines: custom?.descriptionLines ?? [],
    availability: { status, ...(left !== undefined ? { quantityAvailable: left } : {}) },
    paymentOption: custom?.paymentOption ?? 'FULL_PAYMENT_ONLINE',
    taxable: custom?.taxable ?? true,
    digitalFileIds: [],
  };
}

/** What to remember of a line: its display data and price as evaluated now. */
export function snapshotOf(view: LineView): LineSnapshot {
  return {
    name: view.name,
    priceMinor: view.unitPriceMinor,
    fullPriceMinor: view.fullUnitPriceMinor,
    itemType: view.itemType,
    ...(view.weight ? { weight: view.weight } : {}),
    ...(view.sku ? { sku: view.sku } : {}),
    ...(view.image ? { image: view.image } : {}),
  };
}
