import type { Static } from 'typebox';
import { type FieldViolation, invalidField, ValidationFailed } from '../../lib/http/errors.js';
import { toMinorUnits } from '../../lib/money.js';
import { percentToPpm } from '../../lib/ratio.js';
import { type Caller, isMerchant } from '../access/caller.js';
import { descriptionLinesIn, finiteWeightIn, imageIn } from '../pricing/lines/line-extras.js';
import type { CustomLineData } from '../pricing/lines/line-types.js';
import { addressWithContactIn } from '../pricing/wire/address-wire.js';
import type { CustomLineItemIn, MerchantDiscountsIn } from '../pricing/wire/common.contract.js';
import { merchantOnlyField } from '../pricing/wire/ecom-http.js';
import type { CheckoutInfoIn } from './checkout.contract.js';
import type { CustomField, StoredMerchantDiscount } from './checkout.schema.js';
import type { CheckoutPatch } from './checkout-update.service.js';

/*
 * Checkout requests in service terms: custom lines (merchants only, prices in minor units), checkout
 * info, the update field mask.
 */

export interface CustomLineInput {
  id?: string;
  quantity: number;
  data: CustomLineData;
}

export function customLinesIn(
  items: Static<typeof CustomLineItemIn>[] | undefined,
  currency: string,
  caller: Caller,
): CustomLineInput[] {
  if (!items?.length) return [];
  if (!isMerchant(caller)) merchantOnlyField('customLineItems', 'Custom line items');
  const violations: FieldViolation[] = [];
  const money = (value: string | number, field: string) => {
    const minor = toMinorUnits(value, currency);
    if (minor === undefined || minor < 0) {
      violations.push({
        field,
        violatedRule: 'FORMAT',
        description: `must be a non-negative amount in ${currency} with at most its number of decimals, e.g. "10.00"`,
      });
      return 0;
    }
    return minor;
  };
  const lines = items.map((item, index) => {
    const at = `customLineItems[${index}]`;
    const price = money(item.price, `${at}.price`);
    const fullPrice = item.fullPrice !== undefined ? money(item.fullPrice, `${at}.fullPrice`) : price;
    const weight = finiteWeightIn(
      item.physicalProperties?.weight,
      `${at}.physicalProperties.weight`,
      violations,
    );
    const image = item.media !== undefined ? imageIn(item.media, `${at}.media`, violations) : undefined;
    const data: CustomLineData = {
      name: item.productName.original,
      priceMinor: price,
      fullPriceMinor: fullPrice,
      itemType: item.itemType?.preset ?? 'PHYSICAL',
      ...(weight !== undefined ? { weight } : {}),
      ...(item.physicalProperties?.sku ? { sku: item.physicalProperties.sku } : {}),
      ...(image ? { image } : {}),
      ...(item.url?.url ? { url: item.url.url } : {}),
      ...(item.descriptionLines ? { descriptionLines: descriptionLinesIn(item.descriptionLines) } : {}),
      ...(item.quantityAvailable !== undefined ? { quantityAvailable: item.quantityAvailable } : {}),
      ...(item.paymentOption ? { paymentOption: item.paymentOption } : {}),
    };
    return { ...(item.id ? { id: item.id } : {}), quantity: item.quantity ?? 1, data };
  });
  if (violations.length > 0) throw new ValidationFailed(violations);
  return lines;
}

/**
 * Merchant discounts in service terms; undefined when none were sent. An empty list (sent) clears them.
 * Shoppers sending any, even an empty list, are refused: only the store grants discounts.
 */
export function merchantDiscountsIn(
  discounts: Static<typeof MerchantDiscountsIn> | undefined,
  currency: string,
  caller: Caller,
): StoredMerchantDiscount[] | undefined {
  if (discounts === undefined) return undefined;
  if (!isMerchant(caller)) merchantOnlyField('merchantDiscounts', 'Merchant discounts');
  return discounts.map((discount, index) => {
    const at = `merchantDiscounts[${index}]`;
    if ((discount.amount === undefined) === (discount.percentage === undefined))
      throw invalidField(at, 'ONE_OF_ALIGNMENT', 'must give exactly one of amount or percentage');
    const amountMinor = discount.amount !== undefined ? toMinorUnits(discount.amount, currency) : undefined;
    if (discount.amount !== undefined && (amountMinor === undefined || amountMinor <= 0))
      throw invalidField(`${at}.amount`, 'FORMAT', `must be a positive amount in ${currency}`);
    const ppm = discount.percentage !== undefined ? percentToPpm(discount.percentage) : undefined;
    if (discount.percentage !== undefined && ppm === undefined)
      throw invalidField(`${at}.percentage`, 'DECIMAL_MAX_SCALE', 'must have at most 4 decimals');
    if (discount.lineItemIds?.length === 0)
      throw invalidField(
        `${at}.lineItemIds`,
        'MIN_SIZE',
        'leave it out to discount every line, or name some',
        {
          threshold: 1,
        },
      );
    return {
      ...(amountMinor !== undefined ? { amountMinor } : {}),
      ...(ppm !== undefined ? { ppm } : {}),
      ...(discount.lineItemIds ? { lineItemIds: discount.lineItemIds } : {}),
    };
  });
}

const MASKABLE = [
  'buyerInfo',
  'buyerInfo.email',
  'billingInfo',
  'shippingInfo',
  'shippingInfo.shippingDestination',
  'shippingInfo.selectedCarrierServiceOption',
  'buyerNote',
  'customFields',
  'membershipOptions',
  'membershipOptions.selectedMemberships',
] as const;

/** The field mask of updateCheckout (`"a,b"` or `{paths}`), as checkout paths; undefined: no mask. */
export function fieldMaskIn(mask: string | { paths: string[] } | undefined): Set<string> | undefined {
  if (mask === undefined) return undefined;
  const paths = (typeof mask === 'string' ? mask.split(',') : mask.paths)
    .map((path) => path.trim().replace(/^checkout\./, ''))
    .filter(Boolean);
  paths.forEach((path, index) => {
    if (!(MASKABLE as readonly string[]).includes(path))
      throw invalidField(
        typeof mask === 'string' ? 'fieldMask' : `fieldMask.paths[${index}]`,
        'FIELD_NOT_ALLOWED',
        `"${path}" cannot be updated; use some of: ${MASKABLE.join(', ')}`,
      );
  });
  return new Set(paths);
}

/** checkoutInfo / checkout → patch fields; with a mask, only the masked paths. */
export function checkoutInfoIn(
  info: Static<typeof CheckoutInfoIn> | undefined,
  mask: Set<string> | undefined,
): Partial<CheckoutPatch> {
  if (!info) return {};
  const allowed = (path: string) =>
    !mask || mask.has(path) || [...mask].some((masked) => path.startsWith(`${masked}.`));
  const out: Partial<CheckoutPatch> = {};
  if (info.buyerInfo?.email !== undefined && allowed('buyerInfo.email'))
    out.buyerEmail = info.buyerInfo.email;
  if (info.billingInfo && allowed('billingInfo'))
    out.billingInfo = addressWithContactIn(info.billingInfo) ?? {};
  if (info.shippingInfo?.shippingDestination && allowed('shippingInfo.shippingDestination'))
    out.shippingDestination = addressWithContactIn(info.shippingInfo.shippingDestination) ?? {};
  if (info.shippingInfo?.selectedCarrierServiceOption && allowed('shippingInfo.selectedCarrierServiceOption'))
    out.selectedShippingCode = info.shippingInfo.selectedCarrierServiceOption.code;
  if (info.buyerNote !== undefined && allowed('buyerNote')) out.buyerNote = info.buyerNote;
  if (info.customFields && allowed('customFields'))
    out.customFields = info.customFields.map(
      (field): CustomField => ({
        title: field.title,
        ...(field.translatedTitle ? { translatedTitle: field.translatedTitle } : {}),
        value: field.value ?? null,
      }),
    );
  const memberships = info.membershipOptions?.selectedMemberships?.memberships;
  if (memberships && allowed('membershipOptions.selectedMemberships'))
    out.selectedMemberships = memberships.map((m) => ({ id: m.id, lineItemIds: m.lineItemIds ?? [] }));
  return out;
}

/** Discounts must name lines the cart or checkout has (after the same request's line changes). */
export function checkDiscountedLines(
  discounts: readonly StoredMerchantDiscount[] | undefined,
  lineIds: readonly string[],
): void {
  discounts?.forEach((discount, index) => {
    const unknown = discount.lineItemIds?.find((id) => !lineIds.includes(id));
    if (unknown !== undefined)
      throw invalidField(
        `merchantDiscounts[${index}].lineItemIds`,
        'VALIDATION',
        `"${unknown}" is not a line item of this cart or checkout`,
      );
  });
}
