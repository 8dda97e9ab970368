import type { Static } from 'typebox';
import type { ShippingOption, Totals } from '../totals/totals.types.js';
import { addressOut } from './address.mapper.js';
import type { ShippingInfoOut } from './totals.contract.js';
import { moneyOf, type TotalsWireContext, taxDetailsOut } from './totals.mapper.js';

/* The shipping part of a totals response: options by carrier, and the chosen one with its cost and tax. */

function logisticsOf(option: ShippingOption) {
  const slot = option.deliveryTimeSlot;
  return {
    ...(option.deliveryTime ? { deliveryTime: option.deliveryTime } : {}),
    ...(option.pickup?.instructions ? { instructions: option.pickup.instructions } : {}),
    ...(option.pickup
      ? {
          pickupDetails: {
            address: addressOut(option.pickup.address) ?? {},
            pickupMethod: option.pickup.method,
            businessLocation: option.pickup.method === 'STORE_PICKUP',
          },
        }
      : {}),
    ...(slot ? { deliveryTimeSlot: { from: slot.from, to: slot.to } } : {}),
  };
}

export function shippingInfoOut(totals: Totals, ctx: TotalsWireContext): Static<typeof ShippingInfoOut> {
  const m = moneyOf(totals.currency);
  const { shipping } = totals;
  const byCarrier = new Map<string, ShippingOption[]>();
  for (const option of shipping.options)
    byCarrier.set(option.carrierId, [...(byCarrier.get(option.carrierId) ?? []), option]);
  const selected = shipping.selected;
  const shippingTax = totals.tax.shippingTax;
  const beforeTax = shipping.cost - shipping.discount - (totals.tax.pricesIncludeTax ? shippingTax : 0);
  return {
    ...(shipping.regionId
      ? { region: { id: shipping.regionId, name: ctx.regionNames.get(shipping.regionId) ?? '' } }
      : {}),
    ...(selected
      ? {
          selectedCarrierServiceOption: {
            code: selected.code,
            title: selected.title,
            carrierId: selected.carrierId,
            logistics: logisticsOf(selected),
            cost: {
              totalPriceAfterTax: m(beforeTax + shippingTax),
              totalPriceBeforeTax: m(beforeTax),
              totalDiscount: m(shipping.discount),
              price: m(selected.cost),
              taxDetails: taxDetailsOut(
                totals.currency,
                beforeTax,
                shippingTax,
                totals.tax.shippingPpm,
                totals.tax.shippingBreakdown,
              ),
            },
            requestedShippingOption: ctx.requestedShippingCode === selected.code,
            otherCharges: totals.additionalFees.map((fee) => ({
              type: fee.type,
              details: fee.title,
              cost: { price: m(fee.amount) },
            })),
          },
        }
      : {}),
    carrierServiceOptions: [...byCarrier].map(([carrierId, options]) => ({
      carrierId,
      shippingOptions: options.map((option) => ({
        code: option.code,
        title: option.title,
        logistics: logisticsOf(option),
        cost: {
          price: m(option.cost),
          otherCharges: totals.additionalFees.map((fee) => ({
            type: fee.type,
            details: fee.title,
            price: m(fee.amount),
          })),
        },
      })),
    })),
  };
}
