import type { Static } from 'typebox';
import { invalidField } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { toMinorUnits } from '../../../lib/money.js';
import { percentToPpm } from '../../../lib/ratio.js';
import { type Caller, isMerchant } from '../../access/index.js';
import type { CustomLineData } from '../lines/line.types.js';
import {
  descriptionLinesIn,
  finiteWeightIn,
  imageIn,
  merchantOnlyField,
} from '../lines/line-extras.mapper.js';
import type { StoredMerchantDiscount } from '../pricing.service.js';
import type { CustomLineItemIn, MerchantDiscountsIn } from './common.contract.js';

/*
 * What carts and checkouts both take from merchants: custom lines (prices in minor units) and merchant
 * discounts, in service terms.
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
  const violations = new Violations();
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
  violations.throwIfAny();
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
  field = 'merchantDiscounts',
): StoredMerchantDiscount[] | undefined {
  if (discounts === undefined) return undefined;
  if (!isMerchant(caller)) merchantOnlyField(field, 'Merchant discounts');
  return discounts.map((discount, index) => {
    const at = `${field}[${index}]`;
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
