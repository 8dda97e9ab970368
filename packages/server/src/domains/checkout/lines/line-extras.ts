import type { Static } from 'typebox';
import { type FieldViolation, ValidationFailed } from '../../../http/errors.js';
import { toMinorUnits } from '../../../lib/money.js';
import { type Caller, isMerchant } from '../../access/caller.js';
import { merchantOnlyField } from '../ecom-http.js';
import type { LineItemIn } from '../wire/common.contract.js';
import type { CatalogOverrides, LineView, ServiceProperties, StoredLine } from './line-types.js';

/*
 * What a catalog line may carry besides its reference and quantity (spec §3 "Line item"):
 * - `serviceProperties` (scheduledDate, numberOfParticipants): anyone, e.g. the class a buyer books;
 * - `catalogReference.options.subscriptionStartDate`: when a subscription starts (not in the past);
 * - `catalogOverrideFields`: merchant and app keys only (name, prices, description lines, weight, image,
 *   payment option) — shoppers never set prices, so they get 400 FIELD_NOT_ALLOWED.
 * Lines that differ in any of these are different lines (they never merge).
 */

export interface LineExtras {
  service?: ServiceProperties;
  subscriptionStartDate?: string;
  overrides?: CatalogOverrides;
}

type LineItemInput = Static<typeof LineItemIn>;

/** The extras of requested lines, checked; throws one 400 listing every bad field. */
export function lineExtrasIn(
  items: readonly LineItemInput[],
  ctx: { caller: Caller; currency: string; now: Date; field?: string },
): LineExtras[] {
  const field = ctx.field ?? 'lineItems';
  const violations: FieldViolation[] = [];
  const extras = items.map((item, index) => {
    const at = `${field}[${index}]`;
    const result: LineExtras = {};
    if (item.serviceProperties) {
      const { scheduledDate, numberOfParticipants } = item.serviceProperties;
      result.service = {
        ...(scheduledDate ? { scheduledDate: new Date(scheduledDate).toISOString() } : {}),
        ...(numberOfParticipants !== undefined ? { numberOfParticipants } : {}),
      };
    }
    const start = item.catalogReference.options?.subscriptionStartDate;
    if (start !== undefined) {
      const date = typeof start === 'string' ? new Date(start) : undefined;
      const startOfToday = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate());
      if (!date || Number.isNaN(date.getTime()) || date.getTime() < startOfToday) {
        violations.push({
          field: `${at}.catalogReference.options.subscriptionStartDate`,
          violatedRule: 'FORMAT',
          description: 'must be an ISO 8601 date, today or later (e.g. "2026-06-01")',
        });
      } else if (!item.catalogReference.options?.subscriptionOptionId) {
        violations.push({
          field: `${at}.catalogReference.options.subscriptionOptionId`,
          violatedRule: 'REQUIRED_FIELD',
          description:
            'is required with subscriptionStartDate: choose the subscription plan that starts then',
        });
      } else result.subscriptionStartDate = date.toISOString();
    }
    if (item.catalogOverrideFields) {
      if (!isMerchant(ctx.caller))
        merchantOnlyField(`${at}.catalogOverrideFields`, 'Catalog override fields (prices, names)');
      result.overrides = overridesIn(
        item.catalogOverrideFields,
        `${at}.catalogOverrideFields`,
        ctx.currency,
        violations,
      );
    }
    return result;
  });
  if (violations.length > 0) throw new ValidationFailed(violations);
  return extras;
}

function overridesIn(
  input: NonNullable<LineItemInput['catalogOverrideFields']>,
  at: string,
  currency: string,
  violations: FieldViolation[],
): CatalogOverrides {
  const money = (value: string | number, field: string) => {
    const minor = toMinorUnits(value, currency);
    if (minor === undefined || minor < 0) {
      violations.push({
        field,
        violatedRule: 'FORMAT',
        description: `must be a non-negative amount in ${currency} with at most its number of decimals, e.g. "10.00"`,
      });
      return undefined;
    }
    return minor;
  };
  const price = input.price !== undefined ? money(input.price, `${at}.price`) : undefined;
  const fullPrice = input.fullPrice !== undefined ? money(input.fullPrice, `${at}.fullPrice`) : undefined;
  return {
    ...(input.productName?.original ? { name: input.productName.original } : {}),
    ...(price !== undefined ? { priceMinor: price } : {}),
    ...(fullPrice !== undefined ? { fullPriceMinor: fullPrice } : {}),
    ...(input.descriptionLines
      ? {
          descriptionLines: input.descriptionLines.map((line) => ({
            name: line.name?.original ?? '',
            value: line.plainText?.original ?? '',
          })),
        }
      : {}),
    ...(input.physicalProperties?.weight !== undefined ? { weight: input.physicalProperties.weight } : {}),
    ...(input.image ? { imageUrl: input.image } : {}),
    ...(input.paymentOption?.value ? { paymentOption: input.paymentOption.value } : {}),
  };
}

/** The stored form of a line's extras (only what is set). */
export function storedExtras(extras: LineExtras | undefined): Partial<StoredLine> {
  if (!extras) return {};
  return {
    ...(extras.service ? { service: extras.service } : {}),
    ...(extras.subscriptionStartDate ? { subscriptionStartDate: extras.subscriptionStartDate } : {}),
    ...(extras.overrides ? { overrides: extras.overrides } : {}),
  };
}

/** Part of the merge key: lines differing in their extras stay apart. */
export function extrasKey(line: Pick<StoredLine, 'service' | 'subscriptionStartDate' | 'overrides'>): string {
  return line.service || line.subscriptionStartDate || line.overrides
    ? JSON.stringify([line.service ?? null, line.subscriptionStartDate ?? null, line.overrides ?? null])
    : '';
}

/** A catalog line's view with its extras applied: the merchant's overrides win over the catalog. */
export function withExtras(line: StoredLine, view: LineView): LineView {
  if (!line.service && !line.subscriptionStartDate && !line.overrides) return view;
  const o = line.overrides ?? {};
  const price = o.priceMinor ?? view.unitPriceMinor;
  return {
    ...view,
    ...(line.service ? { service: line.service } : {}),
    ...(line.overrides ? { overrides: line.overrides } : {}),
    ...(view.subscription && line.subscriptionStartDate
      ? { subscription: { ...view.subscription, startDate: line.subscriptionStartDate } }
      : {}),
    ...(o.name ? { name: o.name } : {}),
    unitPriceMinor: price,
    fullUnitPriceMinor:
      o.fullPriceMinor ??
      (o.priceMinor !== undefined ? Math.max(price, view.fullUnitPriceMinor) : view.fullUnitPriceMinor),
    ...(o.descriptionLines ? { descriptionLines: o.descriptionLines } : {}),
    ...(o.weight !== undefined ? { weight: o.weight } : {}),
    ...(o.imageUrl ? { image: { url: o.imageUrl } } : {}),
    ...(o.paymentOption ? { paymentOption: o.paymentOption } : {}),
  };
}

/** The extras as the line item's wire fields (echoed in carts, checkouts and orders). */
export function extrasOut(
  view: Pick<LineView, 'service' | 'overrides'>,
  money: (minor: number) => unknown,
): Record<string, unknown> {
  const o = view.overrides;
  return {
    ...(view.service ? { serviceProperties: view.service } : {}),
    ...(o
      ? {
          catalogOverrideFields: {
            ...(o.name ? { productName: { original: o.name, translated: o.name } } : {}),
            ...(o.priceMinor !== undefined ? { price: money(o.priceMinor) } : {}),
            ...(o.fullPriceMinor !== undefined ? { fullPrice: money(o.fullPriceMinor) } : {}),
            ...(o.descriptionLines ? { descriptionLines: o.descriptionLines } : {}),
            ...(o.weight !== undefined ? { physicalProperties: { weight: o.weight } } : {}),
            ...(o.imageUrl ? { image: o.imageUrl } : {}),
            ...(o.paymentOption ? { paymentOption: { value: o.paymentOption } } : {}),
          },
        }
      : {}),
  };
}
