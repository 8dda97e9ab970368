import type { Static } from 'typebox';
import { invalidField } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { toMinorUnits } from '../../../lib/money.js';
import { type Caller, isMerchant } from '../../access/index.js';
import type { CustomLineItemIn, ImageIn, LineItemIn } from '../wire/common.contract.js';
import type {
  CatalogOverrides,
  DescriptionLine,
  LineImage,
  LineView,
  ServiceProperties,
  StoredLine,
} from './line.types.js';

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
  const violations = new Violations();
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
  violations.throwIfAny();
  return extras;
}

function overridesIn(
  input: NonNullable<LineItemInput['catalogOverrideFields']>,
  at: string,
  currency: string,
  violations: Violations,
): CatalogOverrides {
  const money = (value: string | number, field: string, positive = false) => {
    const minor = toMinorUnits(value, currency);
    if (minor === undefined || minor < 0 || (positive && minor === 0)) {
      violations.push({
        field,
        violatedRule: 'FORMAT',
        description: `must be a ${positive ? 'positive' : 'non-negative'} amount in ${currency} with at most its number of decimals, e.g. "10.00"`,
      });
      return undefined;
    }
    return minor;
  };
  const price = input.price !== undefined ? money(input.price, `${at}.price`) : undefined;
  const fullPrice = input.fullPrice !== undefined ? money(input.fullPrice, `${at}.fullPrice`) : undefined;
  const deposit =
    input.depositAmount !== undefined ? money(input.depositAmount, `${at}.depositAmount`, true) : undefined;
  const weight = finiteWeightIn(
    input.physicalProperties?.weight,
    `${at}.physicalProperties.weight`,
    violations,
  );
  const image = input.image !== undefined ? imageIn(input.image, `${at}.image`, violations) : undefined;
  return {
    ...(input.productName?.original ? { name: input.productName.original } : {}),
    ...(price !== undefined ? { priceMinor: price } : {}),
    ...(fullPrice !== undefined ? { fullPriceMinor: fullPrice } : {}),
    ...(input.descriptionLines ? { descriptionLines: descriptionLinesIn(input.descriptionLines) } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(image ? { image } : {}),
    ...(input.paymentOption?.value ? { paymentOption: input.paymentOption.value } : {}),
    ...(deposit !== undefined ? { depositMinor: deposit } : {}),
  };
}

type DescriptionLinesInput = NonNullable<Static<typeof CustomLineItemIn>['descriptionLines']>;

/** Description lines as stored: a colour line (colorInfo, or lineType COLOR) keeps its colour code. */
export function descriptionLinesIn(lines: DescriptionLinesInput): DescriptionLine[] {
  return lines.map((line) => {
    const name = line.name?.original ?? '';
    if (line.colorInfo || line.lineType === 'COLOR') {
      return {
        name,
        value: line.colorInfo?.original ?? '',
        ...(line.colorInfo?.code ? { colorCode: line.colorInfo.code } : {}),
      };
    }
    return { name, value: line.plainText?.original ?? '' };
  });
}

/**
 * A weight that shipping will price: the wire may carry "NaN" or "Infinity" in a float field
 * (wire-protocol.md §2.4), but a weight must be a real number, so those are a violation naming it.
 */
export function finiteWeightIn(
  weight: number | undefined,
  field: string,
  violations: Violations,
): number | undefined {
  if (weight === undefined) return undefined;
  if (!Number.isFinite(weight)) {
    violations.push({
      field,
      violatedRule: 'VALIDATION',
      description: `must be a finite number of weight units (got ${String(weight)}): shipping is priced by it`,
    });
    return undefined;
  }
  return weight;
}

/** An image as given (a URL string or the SDK's image object), kept as a URL with its size and text. */
export function imageIn(
  image: Static<typeof ImageIn>,
  field: string,
  violations: Violations,
): LineImage | undefined {
  const given = typeof image === 'string' ? { url: image } : image;
  const url = given.url;
  if (!url || !/^(https?:\/\/|\/)/.test(url)) {
    violations.push({
      field: typeof image === 'string' ? field : `${field}.url`,
      violatedRule: 'FORMAT',
      description:
        'must be an http(s) URL of the image (this store serves images by URL; a wix:image id alone cannot be shown)',
    });
    return undefined;
  }
  const size = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
  const width = typeof image === 'string' ? undefined : size(given.width);
  const height = typeof image === 'string' ? undefined : size(given.height);
  const altText = typeof image === 'string' ? undefined : (given.altText ?? given.filename);
  return {
    url,
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
    ...(altText ? { altText } : {}),
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
    ...(o.image ? { image: o.image } : o.imageUrl ? { image: { url: o.imageUrl } } : {}),
    ...(o.paymentOption ? { paymentOption: o.paymentOption } : {}),
    ...depositOverride(o, price),
  };
}

/**
 * A deposit the merchant set on the line makes it DEPOSIT_ONLINE (the platform's rule: a deposit is
 * for DEPOSIT_ONLINE items); one not less than the unit price is none. A payment option the merchant
 * chose wins over the catalog's deposit.
 */
function depositOverride(o: CatalogOverrides, unitPriceMinor: number): Partial<LineView> {
  if (o.depositMinor !== undefined && o.depositMinor < unitPriceMinor)
    return { paymentOption: 'DEPOSIT_ONLINE', depositUnitMinor: o.depositMinor };
  if (o.depositMinor !== undefined || o.paymentOption)
    return { paymentOption: o.paymentOption ?? 'FULL_PAYMENT_ONLINE', depositUnitMinor: undefined };
  return {};
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
            ...(o.descriptionLines ? { descriptionLines: o.descriptionLines.map(descriptionLineOut) } : {}),
            ...(o.weight !== undefined ? { physicalProperties: { weight: o.weight } } : {}),
            ...(o.image ? { image: o.image } : o.imageUrl ? { image: { url: o.imageUrl } } : {}),
            ...(o.paymentOption ? { paymentOption: { value: o.paymentOption } } : {}),
            ...(o.depositMinor !== undefined ? { depositAmount: money(o.depositMinor) } : {}),
          },
        }
      : {}),
  };
}

/** A description line on the wire: COLOR with its colour, or PLAIN_TEXT. */
export function descriptionLineOut(line: DescriptionLine) {
  const translatable = (text: string) => ({ original: text, translated: text });
  return line.colorCode
    ? {
        name: translatable(line.name),
        lineType: 'COLOR' as const,
        colorInfo: { ...translatable(line.value), code: line.colorCode },
      }
    : { name: translatable(line.name), lineType: 'PLAIN_TEXT' as const, plainText: translatable(line.value) };
}

/** Shoppers cannot set prices: custom lines and merchant discounts are for merchant (API key) callers. */
export function merchantOnlyField(field: string, what: string): never {
  throw invalidField(
    field,
    'FIELD_NOT_ALLOWED',
    `${what} can only be set by the store (a merchant or app API key); remove it`,
  );
}
